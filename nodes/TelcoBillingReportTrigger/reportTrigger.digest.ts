/**
 * Short fixed-width digests of text: what the Report Trigger remembers of a row instead of the row (a bounded
 * memory, and no customer's data kept in n8n's database). Two independent 32-bit lanes (murmur3's mixing) give
 * up to 64 bits, written six to a character. No runtime dependency and no Node.js module: n8n's rules for
 * community nodes allow neither.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function lane(text: string, seed: number): number {
	let h = seed ^ text.length;
	for (let i = 0; i < text.length; i++) {
		let k = Math.imul(text.charCodeAt(i), 0xcc9e2d51);
		k = (k << 15) | (k >>> 17);
		h ^= Math.imul(k, 0x1b873593);
		h = (h << 13) | (h >>> 19);
		h = (Math.imul(h, 5) + 0xe6546b64) | 0;
	}
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	return (h ^ (h >>> 16)) >>> 0;
}

/** `chars` characters (at most 10, 60 bits) standing for `text`; the same text always gives the same digest. */
export function digest(text: string, chars: number): string {
	const lanes = [lane(text, 0x9747b28c), lane(text, 0x2c1b3c6d)];
	let out = '';
	for (let i = 0; i < chars; i++) out += ALPHABET[(lanes[i < 5 ? 0 : 1] >>> ((i % 5) * 6)) & 63];
	return out;
}
