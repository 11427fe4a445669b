/**
 * Call records of one run that share an orig_id. The platform keeps one call per orig_id, so a second
 * record with it is never stored: sent, it would be refused as "CDR ID already exists" (or, after a lost
 * answer, read as ours), and with Treat Duplicate as Success it would be reported as held when a different
 * call was dropped. It is not sent; what it is depends on whether it is the same call.
 */
export interface Repeat {
	/** The earlier item (or row) with the orig_id. */
	of: number;
	/** Every field the same: the same call given twice. */
	same: boolean;
}

/**
 * A 53-bit hash of a record's fields (cyrb53 over each value's text, fields apart): a file's rows are told
 * apart without keeping their text or making a string per row.
 */
function fingerprint(fields: unknown[]): number {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	const mix = (c: number) => {
		h1 = Math.imul(h1 ^ c, 2654435761);
		h2 = Math.imul(h2 ^ c, 1597334677);
	};
	for (const value of fields) {
		// Undefined and text apart: a missing field is not the text "undefined".
		mix(value === undefined ? 1 : typeof value === 'string' ? 2 : 3);
		const text = value === undefined ? '' : String(value);
		for (let i = 0; i < text.length; i++) mix(text.charCodeAt(i));
		mix(0);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export class OrigIdsOfRun {
	private readonly first = new Map<string, number>();

	private readonly prints = new Map<string, number>();

	/** The earlier item or row with this orig_id, or undefined when it is the first (then remembered). */
	repeatOf(origId: string, fields: unknown[], at: number): Repeat | undefined {
		const print = fingerprint(fields);
		const of = this.first.get(origId);
		if (of !== undefined) return { of, same: this.prints.get(origId) === print };
		this.first.set(origId, at);
		this.prints.set(origId, print);
		return undefined;
	}
}

/** Why a repeated orig_id is not sent: `unit` is item or row. */
export function repeatRefusal(origId: string, repeat: Repeat, unit: 'item' | 'row'): string {
	const whose = `Original ID (orig_id) ${origId} is already ${unit} ${repeat.of}’s`;
	return repeat.same
		? `${whose}, the same call: it is sent once. Turn on Treat Duplicate as Success to count this ${unit} as a duplicate`
		: `${whose}, a different call: the platform keeps one call per orig_id, so this one would not be stored. Give each call its own orig_id`;
}

/** The same call as an earlier item or row that was not stored (Treat Duplicate as Success counts held ones). */
export function notStoredRepeat(origId: string, of: number, unit: 'item' | 'row' = 'item'): string {
	return `Original ID (orig_id) ${origId} is already ${unit} ${of}’s, the same call, which was not stored`;
}

/** Items (or rows) as a short list: `0, 2–3, 7`. */
export function ranges(numbers: number[]): string {
	const parts: string[] = [];
	for (let i = 0; i < numbers.length; i++) {
		let j = i;
		while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
		parts.push(j === i ? String(numbers[i]) : `${numbers[i]}–${numbers[j]}`);
		i = j;
	}
	return parts.join(', ');
}

/** The description of a held orig_id after a try whose outcome is unknown: it may be ours, or not. */
export const MAYBE_OURS =
	'The record was sent again after an earlier try whose outcome is unknown (the connection dropped, no ' +
	'answer in time, an unreadable answer, or an HTTP 5xx, which a gateway may answer after the platform ' +
	'stored). The call record the platform holds under this orig_id may be the one an ' +
	'earlier try stored, or another call’s: the API gives no way to read a call record back by its orig_id. ' +
	'Check the call in the platform; Treat Duplicate as Success counts such a record as a duplicate.';
