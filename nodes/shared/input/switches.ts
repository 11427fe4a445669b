/**
 * The one reading of a switch (a boolean parameter, a body field the spec types boolean or 0/1) whatever gave it:
 * an expression mapping a sheet's cell, a form's field or a webhook's JSON gives text or a number, and "true"
 * read as off once let a Dry Run write for real. Read as n8n reads a boolean (n8n-workflow's tryToParseBoolean):
 * true or false, the words true and false in any case, 1 and 0 as numbers or as their digits. Anything else,
 * blank included, is no switch: undefined, for the caller to refuse naming the field (never taken as off).
 */
export function switchValue(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
	if (typeof value !== 'string') return undefined;
	const word = value.toLowerCase();
	if (word === 'true' || word === 'false') return word === 'true';
	const digits = value.trim();
	return digits === '1' ? true : digits === '0' ? false : undefined;
}
