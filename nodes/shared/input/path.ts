/** Path templates: `/customer/balance/{cid}`, `/{name?}` for an optional segment. */
/** Placeholders of a path template, in order. */
export function pathParams(path: string): Array<{ name: string; optional: boolean }> {
	return [...path.matchAll(/\{(\w+)(\?)?\}/g)].map((match) => ({
		name: match[1],
		optional: match[2] === '?',
	}));
}

function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || String(value).trim() === '';
}

/**
 * A path value the URL parser would read as a dot segment and collapse onto another endpoint (a contact
 * id `..` made `/customer/contact/1001/..` into `/customer/1001`). Encoding cannot prevent it: the
 * parser treats `%2e` as a dot too. Such a value is refused, never sent.
 */
export function isDotSegment(value: unknown): boolean {
	if (value === undefined || value === null) return false;
	return /^(\.|%2e){1,2}$/i.test(String(value).trim());
}

/** The refusal of a dot-segment path value, naming the field. */
export function dotSegmentRefusal(label: string, name: string): string {
	return `${label} (${name}) cannot be "." or "..": the address would point at another record or endpoint`;
}

/**
 * One path segment, URL-encoded; a dot segment throws. Every path built from a value (checked input,
 * read-backs, pages, ids the platform answered) goes through it.
 */
export function pathSegment(name: string, value: unknown): string {
	if (isDotSegment(value)) throw new Error(dotSegmentRefusal(name, name));
	return encodeURIComponent(String(value ?? ''));
}

/** Fills a path template; every value is URL-encoded, so no input can change the path's shape. */
export function fillPath(path: string, values: Record<string, unknown>): string {
	return path
		.replace(/\/\{(\w+)\?\}/g, (_, name: string) =>
			isEmpty(values[name]) ? '' : `/${pathSegment(name, values[name])}`,
		)
		.replace(/\{(\w+)\}/g, (_, name: string) => pathSegment(name, values[name]));
}
