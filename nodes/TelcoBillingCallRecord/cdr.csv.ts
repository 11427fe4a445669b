export const DELIMITERS = [',', ';', '\t', '|'];

const QUOTE = 34;
const CR = 13;
const LF = 10;

/**
 * The delimiter a header line uses: the candidate found most often outside quotes (comma on a tie or
 * when none is found).
 */
export function detectDelimiter(firstLine: string): string {
	const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
	let quoted = false;
	for (const char of firstLine) {
		if (char === '"') quoted = !quoted;
		else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
	}
	let best = ',';
	for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
	return best;
}

/**
 * An incremental CSV reader (RFC 4180 with the usual leniencies): text goes in by pieces of any size
 * (`feed`), complete records come out one at a time (`next`), so a caller can stop between records (to
 * send a batch) without a whole piece's records waiting in memory. Quoted fields may hold delimiters,
 * line breaks and doubled quotes; a leading byte order mark is dropped; lines end in LF, CRLF or CR;
 * blank lines are skipped. A quote inside an unquoted field is kept as written. With no delimiter given,
 * the first line decides.
 */
export class CsvReader {
	private delimiter: number | undefined;
	private field = '';
	private fields: string[] = [];
	private inQuotes = false;
	private afterQuote = false;
	private fieldQuoted = false;
	private skipLf = false;
	private quotedCr = false;
	private started = false;
	private ended = false;
	private line = 1;
	private recordLine = 1;
	private head = '';
	private text = '';
	private at = 0;

	/** The line of the file the record last returned by `next` starts on (1 = first line). */
	lineOfRecord = 0;

	/** The record last returned by `next` is the file's last and ends inside a quoted field: it was cut short. */
	cutShort = false;

	/**
	 * The record last returned by `next` is the file's last and no line break follows it: the writer may not have
	 * finished it (cdr.cutLines.ts).
	 */
	unterminated = false;

	constructor(delimiter?: string) {
		if (delimiter) this.delimiter = delimiter.charCodeAt(0);
	}

	/** The delimiter in use (known once the first line is complete). */
	get delimiterInUse(): string | undefined {
		return this.delimiter === undefined ? undefined : String.fromCharCode(this.delimiter);
	}

	/** The next piece of the file; read its records with `next` before feeding another. */
	feed(text: string): void {
		if (!this.started) {
			if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
			if (text.length === 0) return;
			this.started = true;
		}
		if (this.delimiter === undefined) {
			// Held back until the first line is complete, so the header decides the delimiter.
			this.head += text;
			const end = this.head.search(/[\r\n]/);
			if (end < 0) return;
			this.delimiter = detectDelimiter(this.head.slice(0, end)).charCodeAt(0);
			text = this.head;
			this.head = '';
		}
		this.text = text;
		this.at = 0;
	}

	/** The end of the file: `next` then also gives a last record that has no line break after it. */
	finish(): void {
		if (this.head) {
			this.delimiter = detectDelimiter(this.head).charCodeAt(0);
			const text = this.head;
			this.head = '';
			this.text = text;
			this.at = 0;
		}
		this.ended = true;
	}

	/** The next complete record's fields, or undefined when the text fed so far holds no more. */
	next(): string[] | undefined {
		const record = this.scan();
		if (record || !this.ended) return record;
		if (this.field !== '' || this.fields.length > 0 || this.fieldQuoted) {
			this.cutShort = this.inQuotes;
			this.unterminated = true;
			this.endField();
			const last = this.fields;
			this.fields = [];
			this.lineOfRecord = this.recordLine;
			return last;
		}
		return undefined;
	}

	private scan(): string[] | undefined {
		const text = this.text;
		const delimiter = this.delimiter;
		const length = text.length;
		let i = this.at;
		while (i < length) {
			const c = text.charCodeAt(i);
			if (this.inQuotes) {
				// Runs of plain characters are copied in one slice.
				const close = text.indexOf('"', i);
				const stop = close < 0 ? length : close;
				const piece = text.slice(i, stop);
				this.field += piece;
				// Line breaks inside the field still count as lines of the file (CRLF once, across pieces too).
				for (let k = 0; k < piece.length; k++) {
					const p = piece.charCodeAt(k);
					if (p === CR || (p === LF && !this.quotedCr)) this.line++;
					this.quotedCr = p === CR;
				}
				if (close < 0) {
					i = length;
					break;
				}
				this.quotedCr = false;
				this.inQuotes = false;
				this.afterQuote = true;
				i = close + 1;
				continue;
			}
			if (c === LF && this.skipLf) {
				this.skipLf = false;
				i++;
				continue;
			}
			this.skipLf = false;
			if (c === QUOTE) {
				if (this.afterQuote) {
					// A doubled quote inside a quoted field.
					this.field += '"';
					this.inQuotes = true;
					this.afterQuote = false;
				} else if (this.field === '' && !this.fieldQuoted) {
					this.inQuotes = true;
					this.fieldQuoted = true;
				} else {
					this.field += '"';
				}
				i++;
				continue;
			}
			this.afterQuote = false;
			if (c === delimiter) {
				this.endField();
				i++;
				continue;
			}
			if (c === CR || c === LF) {
				this.endField();
				const record = this.fields;
				this.fields = [];
				const line = this.recordLine;
				this.line++;
				this.recordLine = this.line;
				this.skipLf = c === CR;
				i++;
				if (record.length > 1 || record[0] !== '') {
					this.at = i;
					this.lineOfRecord = line;
					return record;
				}
				continue;
			}
			// Unquoted text up to the next character that matters, in one slice.
			let j = i + 1;
			while (j < length) {
				const d = text.charCodeAt(j);
				if (d === delimiter || d === CR || d === LF || d === QUOTE) break;
				j++;
			}
			this.field += text.slice(i, j);
			i = j;
		}
		// The piece is read: let it go (an unfinished field keeps only its own part of it).
		this.text = '';
		this.at = 0;
		return undefined;
	}

	private endField(): void {
		this.fields.push(this.field);
		this.field = '';
		this.fieldQuoted = false;
		this.afterQuote = false;
	}
}
