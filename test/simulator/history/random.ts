function hash(key: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
	// FNV-1a alone leaves the low bits poorly mixed for short, similar keys.
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A number in [0, 1) fixed by its key, so a customer's habits or a sale's day come out the same on every
 * start, whatever else was generated before them.
 */
export function chance(key: string): number {
	return hash(key) / 2 ** 32;
}

/** A whole number from min to max inclusive, fixed by its key. */
export function between(key: string, min: number, max: number): number {
	return min + Math.floor(chance(key) * (max - min + 1));
}

/**
 * A sequence of numbers in [0, 1) fixed by its key (mulberry32): one key for many draws, e.g. a
 * service's day.
 */
export function stream(key: string): (min?: number, max?: number) => number {
	let state = hash(key);
	const next = () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
	};
	return (min, max) =>
		min === undefined || max === undefined ? next() : min + Math.floor(next() * (max - min + 1));
}
