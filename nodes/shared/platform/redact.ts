// Shorter values would blank ordinary words; a card's CCV is three digits, and is a secret all the same.
const MIN_SECRET_LENGTH = 3;

// Values the platform's own text may carry under these names (a get-key answer's key, a card number echoed in a
// request body): removed from any text it answers, whoever's they are.
const SECRET_NAMES = [
	'key',
	'api_key',
	'apikey',
	'password',
	'web_password',
	'token',
	'payment_token',
	'card_token',
	'cc_number',
	'cc_ccv',
	'bank_number',
];
// A quote as a page can spell it around a name or a value: ", \" (JSON in a string), &quot; or '.
const QUOTE = String.raw`(?:\\?"|&quot;|')`;
const NAMED_VALUE = new RegExp(
	String.raw`(${QUOTE}(?:${SECRET_NAMES.join('|')})${QUOTE}\s*[:=]\s*)(${QUOTE}[^"&\\]*${QUOTE}|[^\s,;}&<"']+)`,
	'gi',
);

// A run of this many characters of a secret is the secret, wherever it stands: an echo a server or a proxy cut
// short shows the key's first characters only, and a few of them already narrow the search for the rest.
const RUN = 8;

const NAMED_ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: '\u00a0',
};

const JSON_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/' };

/** One character as a reader of the text sees it, and where it is spelt in the text. */
interface Unit {
	char: string;
	/** `+` in a query or a form stands for a space. */
	alt?: string;
	start: number;
	end: number;
}

/** The UTF-8 bytes of a run of `%XX` escapes at `at`, decoded into characters where they form any. */
function percentUnits(text: string, at: number): Unit[] {
	const bytes: number[] = [];
	const starts: number[] = [];
	let i = at;
	while (/^%[0-9a-f]{2}/i.test(text.slice(i, i + 3))) {
		starts.push(i);
		bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
		i += 3;
	}
	const units: Unit[] = [];
	let b = 0;
	while (b < bytes.length) {
		const first = bytes[b];
		const size = first < 0x80 ? 1 : first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 0;
		const slice = size ? bytes.slice(b, b + size) : [];
		let char: string | undefined;
		if (size && slice.length === size) {
			const decoded = Buffer.from(slice).toString('utf8');
			if (!decoded.includes('\ufffd')) char = decoded;
		}
		if (char === undefined) {
			units.push({ char: '%', start: starts[b], end: starts[b] + 1 });
			// The rest of this escape is read again as plain characters.
			units.push(...plainUnits(text.slice(starts[b] + 1, starts[b] + 3), starts[b] + 1));
			b++;
			continue;
		}
		units.push({ char, start: starts[b], end: starts[b + size - 1] + 3 });
		b += size;
	}
	return units;
}

function plainUnits(text: string, offset: number): Unit[] {
	const units: Unit[] = [];
	let i = 0;
	for (const char of text) {
		units.push({ char, start: offset + i, end: offset + i + char.length });
		i += char.length;
	}
	return units;
}

/** An HTML character reference at `at` (`&amp;`, `&#38;`, `&#x26;`), or undefined. */
function entityUnit(text: string, at: number): Unit | undefined {
	const match = /^&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/i.exec(text.slice(at, at + 12));
	if (!match) return undefined;
	const name = match[1];
	let char: string | undefined;
	if (name[0] === '#') {
		const code =
			name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
		char = code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
	} else char = NAMED_ENTITIES[name.toLowerCase()];
	return char === undefined ? undefined : { char, start: at, end: at + match[0].length };
}

/** A JSON string escape at `at` (`\"`, `\\`, `\/`, `\u0026`), or undefined. */
function escapeUnit(text: string, at: number): Unit | undefined {
	const next = text[at + 1];
	if (next !== undefined && next in JSON_ESCAPES)
		return { char: JSON_ESCAPES[next], start: at, end: at + 2 };
	const unicode = /^\\u([0-9a-f]{4})/i.exec(text.slice(at, at + 6));
	return unicode
		? { char: String.fromCharCode(parseInt(unicode[1], 16)), start: at, end: at + 6 }
		: undefined;
}

/**
 * The text as the characters a reader of it sees, each with where it is spelt: raw, percent-encoded (UTF-8, hex
 * in either case), an HTML character reference (named or numeric), a JSON escape, or `+` for a space.
 */
function unitsOf(text: string): Unit[] {
	const units: Unit[] = [];
	let i = 0;
	while (i < text.length) {
		const char = text[i];
		if (char === '%' && /^%[0-9a-f]{2}/i.test(text.slice(i, i + 3))) {
			const decoded = percentUnits(text, i);
			units.push(...decoded);
			i = decoded[decoded.length - 1].end;
			continue;
		}
		const special =
			char === '&' ? entityUnit(text, i) : char === '\\' ? escapeUnit(text, i) : undefined;
		if (special) {
			units.push(special);
			i = special.end;
			continue;
		}
		const point = String.fromCodePoint(text.codePointAt(i) ?? 0);
		units.push({
			char: point,
			...(point === '+' && { alt: ' ' }),
			start: i,
			end: i + point.length,
		});
		i += point.length;
	}
	return units;
}

function same(unit: Unit, char: string): boolean {
	return unit.char === char || unit.alt === char;
}

/** Marks every run of the secret's characters long enough to be the secret (RUN, or the whole of a short one). */
function markRuns(units: Unit[], secret: string[], marked: boolean[]): void {
	const least = Math.min(RUN, secret.length);
	for (let i = 0; i < units.length; i++) {
		for (let k = 0; k < secret.length; k++) {
			let length = 0;
			while (
				i + length < units.length &&
				k + length < secret.length &&
				same(units[i + length], secret[k + length])
			)
				length++;
			if (length >= least) for (let j = i; j < i + length; j++) marked[j] = true;
		}
	}
}

/**
 * Replaces every spelling of each secret with `***`: raw, URL-encoded in any mix and either hex case,
 * form-encoded, HTML- or JSON-escaped, and any run of eight or more of its characters (an echo cut short); and the
 * value of any property named as a secret (`"key": "…"`), whoever's it is. Redact before any cut: a cut first
 * can leave a secret's first characters where nothing recognises them.
 */
export function redact(text: string, secrets: string[]): string {
	const named = text.replace(NAMED_VALUE, '$1***');
	return redactSecrets(named, secrets);
}

function redactSecrets(text: string, secrets: string[]): string {
	const wanted = [...new Set(secrets)]
		.filter((secret) => secret && secret.length >= MIN_SECRET_LENGTH)
		.map((secret) => [...secret]);
	if (wanted.length === 0 || text === '') return text;
	const units = unitsOf(text);
	const marked = new Array<boolean>(units.length).fill(false);
	for (const secret of wanted) markRuns(units, secret, marked);
	let out = '';
	let at = 0;
	for (let i = 0; i < units.length; i++) {
		if (!marked[i]) continue;
		out += `${text.slice(at, units[i].start)}***`;
		while (i + 1 < units.length && marked[i + 1]) i++;
		at = units[i].end;
	}
	return out + text.slice(at);
}
