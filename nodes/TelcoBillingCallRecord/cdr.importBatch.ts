import { FIELDS, ORIG_ID, STARTDATE } from './cdr.records';
import type { CdrValues } from './cdr.records';

// Each field's key as it opens or continues a JSON object, as bytes; the fields sent as numbers.
const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const FIRST_KEYS = FIELDS.map((field) => ascii(`{"${field}":`));
const NEXT_KEYS = FIELDS.map((field) => ascii(`,"${field}":`));
const NUMBERS = FIELDS.map((field) =>
	['duration', 'billsec', 'privacy_flag', 'cost'].includes(field),
);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * One batch of a file's rows on its way to cdr/multiple/add. Each checked row is written at once into the
 * request body as JSON bytes (what JSON.stringify of the CDR objects would give, as UTF-8): no object and
 * almost no string is made per row, so a long file leaves the garbage collector little to do. Besides the
 * body, a row keeps only its row and line numbers, orig_id and start date until the platform answers.
 */
export class ImportBatch {
	readonly rows: number[] = [];
	readonly lines: number[] = [];
	readonly origIds: string[] = [];
	readonly startdates: string[] = [];
	private bytes: Buffer;
	private length = 0;

	/** `capacity`: the body's expected size in bytes (it grows when needed). */
	constructor(capacity = 64 * 1024) {
		this.bytes = Buffer.alloc(Math.max(1024, capacity));
		this.bytes[this.length++] = 0x5b; // [
	}

	get size(): number {
		return this.rows.length;
	}

	get firstRow(): number {
		return this.rows[0];
	}

	get lastRow(): number {
		return this.rows[this.rows.length - 1];
	}

	/** Adds a row whose values passed the checks (numbers read as numbers, as cost's check made sure). */
	add(row: number, line: number, values: CdrValues): void {
		if (this.rows.length > 0) this.byte(0x2c); // ,
		let first = true;
		for (let k = 0; k < values.length; k++) {
			const value = values[k];
			if (value === undefined) continue;
			this.raw(first ? FIRST_KEYS[k] : NEXT_KEYS[k]);
			first = false;
			if (NUMBERS[k]) this.number(Number(value));
			else if (typeof value === 'string') this.string(value);
			else this.text(JSON.stringify(value));
		}
		this.byte(0x7d); // }
		this.rows.push(row);
		this.lines.push(line);
		this.origIds.push(String(values[ORIG_ID]));
		this.startdates.push(String(values[STARTDATE]));
	}

	/** The request body: the bytes written so far, closed. */
	body(): Buffer {
		this.byte(0x5d); // ]
		return this.bytes.subarray(0, this.length);
	}

	private room(needed: number): void {
		if (this.length + needed <= this.bytes.length) return;
		const bigger = Buffer.alloc(Math.max(this.bytes.length * 2, this.length + needed));
		this.bytes.copy(bigger, 0, 0, this.length);
		this.bytes = bigger;
	}

	private byte(value: number): void {
		this.room(1);
		this.bytes[this.length++] = value;
	}

	private raw(bytes: Uint8Array): void {
		this.room(bytes.length);
		const target = this.bytes;
		let at = this.length;
		for (let i = 0; i < bytes.length; i++) target[at++] = bytes[i];
		this.length = at;
	}

	/** A number as JSON writes it; whole numbers digit by digit, the rest through String. */
	private number(value: number): void {
		if (!Number.isSafeInteger(value) || value < 0) {
			this.text(String(value));
			return;
		}
		let digits = 1;
		for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
		this.room(digits);
		let at = this.length + digits;
		this.length = at;
		let rest = value;
		do {
			this.bytes[--at] = 0x30 + (rest % 10);
			rest = Math.floor(rest / 10);
		} while (rest > 0);
	}

	/** Any text, as UTF-8. */
	private text(text: string): void {
		this.room(text.length * 3);
		this.length += this.bytes.write(text, this.length, 'utf8');
	}

	/** A JSON string: copied byte by byte when it is plain ASCII that needs no escape, else JSON.stringify. */
	private string(value: string): void {
		this.room(value.length + 2);
		const bytes = this.bytes;
		let at = this.length;
		bytes[at++] = QUOTE;
		for (let i = 0; i < value.length; i++) {
			const c = value.charCodeAt(i);
			if (c < 0x20 || c === QUOTE || c === BACKSLASH || c > 0x7e) {
				this.text(JSON.stringify(value));
				return;
			}
			bytes[at++] = c;
		}
		bytes[at++] = QUOTE;
		this.length = at;
	}
}
