// Very short values would blank ordinary words; real keys, passwords and tokens are longer.
const MIN_SECRET_LENGTH = 4;

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `%2F` or `%2f`: servers and proxies differ in the case of the hex digits they echo. */
function percentPattern(encoded: string): string {
	return encoded.replace(/[0-9A-F]/g, (digit) =>
		/[A-F]/.test(digit) ? `[${digit}${digit.toLowerCase()}]` : digit,
	);
}

/**
 * One character as it can appear in an echoed URL: as itself, percent-encoded (either hex case), or,
 * for a space, as the form encoding's `+`. Matching per character also catches half-decoded paths.
 */
function characterPattern(character: string): string {
	const options = [escapeRegExp(character)];
	let encoded: string;
	try {
		encoded = encodeURIComponent(character);
	} catch {
		// A lone surrogate has no URL spelling.
		return options[0];
	}
	if (encoded === character) {
		const code = character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
		encoded = `%${code}`;
	}
	options.push(percentPattern(encoded));
	if (character === ' ') options.push('\\+');
	return `(?:${options.join('|')})`;
}

function secretPattern(secret: string): RegExp {
	return new RegExp([...secret].map(characterPattern).join(''), 'g');
}

/** Replaces every spelling of each secret (raw, URL-encoded in any mix, form-encoded) with `***`. */
export function redact(text: string, secrets: string[]): string {
	let out = text;
	const unique = [...new Set(secrets)].filter(
		(secret) => secret && secret.length >= MIN_SECRET_LENGTH,
	);
	// Longest first, so a secret containing another is replaced whole.
	for (const secret of unique.sort((a, b) => b.length - a.length))
		out = out.replace(secretPattern(secret), '***');
	return out;
}
