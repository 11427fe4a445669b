/*
 * Keys that come from outside (a CSV header, a column mapping, a CDR source the platform names, a record's own
 * fields) are data. `object[key] = value` with the key "__proto__" sets the object's prototype instead of a
 * field, and reading `object[key]` for "constructor" finds Object's own: every such key is set and read as an
 * own property.
 */

/** Sets `key` as an own field of `target`, whatever the key says. */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
	Object.defineProperty(target, key, {
		value,
		enumerable: true,
		writable: true,
		configurable: true,
	});
}

/** The own field `key` of `source`, never one inherited (`constructor`, `__proto__`, `toString`). */
export function getOwn<T>(source: Record<string, T>, key: string): T | undefined {
	return Object.prototype.hasOwnProperty.call(source, key) ? source[key] : undefined;
}
