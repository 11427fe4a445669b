/**
 * Just enough MIME to show a received message as a mail program would: the headers a person reads (encoded
 * words decoded), the HTML and text bodies, and the attachments with their names and sizes. Reads what n8n's
 * Send Email (nodemailer) writes: nested multipart, base64 and quoted-printable, RFC 2047 and RFC 2231 names.
 */

export interface Attachment {
	filename: string;
	contentType: string;
	size: number;
}

export interface ReadMail {
	from: string;
	to: string;
	cc: string;
	subject: string;
	date: string;
	html?: string;
	text?: string;
	attachments: Attachment[];
}

interface Part {
	headers: Map<string, string>;
	body: string;
}

function splitPart(raw: string): Part {
	const normalized = raw.replace(/\r\n/g, '\n');
	const end = normalized.indexOf('\n\n');
	const head = end < 0 ? normalized : normalized.slice(0, end);
	const body = end < 0 ? '' : normalized.slice(end + 2);
	const headers = new Map<string, string>();
	// Folded header lines continue with whitespace.
	for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
		const colon = line.indexOf(':');
		if (colon > 0)
			headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
	}
	return { headers, body };
}

/** A header's value and its `; name=value` parameters (RFC 2231 `name*=utf-8''…` and continuations too). */
function parameters(value: string): { value: string; params: Map<string, string> } {
	const [first, ...rest] = value.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
	const params = new Map<string, string>();
	const continued = new Map<string, string[]>();
	for (const item of rest) {
		const eq = item.indexOf('=');
		if (eq < 0) continue;
		let name = item.slice(0, eq).trim().toLowerCase();
		let raw = item
			.slice(eq + 1)
			.trim()
			.replace(/^"(.*)"$/, '$1');
		const extended = name.endsWith('*');
		if (extended) {
			name = name.slice(0, -1);
			raw = decodeRfc2231(raw);
		}
		const piece = /^(.*)\*(\d+)$/.exec(name);
		if (piece) {
			const parts = continued.get(piece[1]) ?? [];
			parts[Number(piece[2])] = raw;
			continued.set(piece[1], parts);
		} else params.set(name, raw);
	}
	for (const [name, parts] of continued) params.set(name, parts.join(''));
	return { value: first.trim().toLowerCase(), params };
}

function decodeRfc2231(raw: string): string {
	const match = /^([^']*)'[^']*'(.*)$/.exec(raw);
	const text = match ? match[2] : raw;
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

function bytesOfQuotedPrintable(text: string): Buffer {
	const joined = text.replace(/=\r?\n/g, '');
	const bytes: number[] = [];
	for (let i = 0; i < joined.length; i++) {
		if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
			bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
			i += 2;
		} else bytes.push(...Buffer.from(joined[i], 'utf8'));
	}
	return Buffer.from(bytes);
}

function contentOf(part: Part): Buffer {
	const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
	if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
	if (encoding === 'quoted-printable') return bytesOfQuotedPrintable(part.body);
	return Buffer.from(part.body.replace(/\n$/, ''), 'utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) in a header. */
export function decodeHeader(value: string): string {
	return value
		.replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
		.replace(
			/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
			(_, _charset: string, kind: string, text: string) =>
				kind.toUpperCase() === 'B'
					? Buffer.from(text, 'base64').toString('utf8')
					: bytesOfQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
		);
}

function walk(part: Part, mail: ReadMail): void {
	const type = parameters(part.headers.get('content-type') ?? 'text/plain');
	if (type.value.startsWith('multipart/')) {
		const boundary = type.params.get('boundary');
		if (!boundary) return;
		const sections = part.body.split(`--${boundary}`);
		// The preamble before the first boundary and what follows the closing `--` are not parts.
		for (const section of sections.slice(1)) {
			if (section.startsWith('--')) break;
			walk(splitPart(section.replace(/^\r?\n/, '')), mail);
		}
		return;
	}
	const disposition = parameters(part.headers.get('content-disposition') ?? '');
	const filename = disposition.params.get('filename') ?? type.params.get('name');
	const content = contentOf(part);
	if (disposition.value === 'attachment' || filename) {
		mail.attachments.push({
			filename: decodeHeader(filename ?? 'attachment'),
			contentType: type.value,
			size: content.length,
		});
	} else if (type.value === 'text/html' && mail.html === undefined) {
		mail.html = content.toString('utf8');
	} else if (type.value === 'text/plain' && mail.text === undefined) {
		mail.text = content.toString('utf8');
	}
}

/** Reads a raw message (headers, blank line, body) as a person would see it. */
export function readMail(raw: string): ReadMail {
	const top = splitPart(raw);
	const header = (name: string) => decodeHeader(top.headers.get(name) ?? '');
	const mail: ReadMail = {
		from: header('from'),
		to: header('to'),
		cc: header('cc'),
		subject: header('subject'),
		date: header('date'),
		attachments: [],
	};
	walk(top, mail);
	return mail;
}
