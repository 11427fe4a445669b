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

/** Fills a path template; every value is URL-encoded, so no input can change the path's shape. */
export function fillPath(path: string, values: Record<string, unknown>): string {
	return path
		.replace(/\/\{(\w+)\?\}/g, (_, name: string) =>
			isEmpty(values[name]) ? '' : `/${encodeURIComponent(String(values[name]))}`,
		)
		.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
}
