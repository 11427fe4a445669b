/** Path templates: `/customer/balance/{cid}`, `/{name?}` for an optional segment. */
/** Placeholders of a path template, in order. */
export function pathParams(path: string): Array<{ name: string; optional: boolean }> {
	return [...path.matchAll(/\{(\w+)(\?)?\}/g)].map((match) => ({
		name: match[1],
		optional: match[2] === '?',
	}));
}

/**
 * Path values that name a record by its integer id. Anything else there selects another endpoint or
 * record (a Lead ID `add` made `/leads/{lid}` into `/leads/add` and created a lead), so it is refused
 * for every operation that has one of these in its path.
 */
export const NUMERIC_PATH_IDS = [
	'lid',
	'serviceId',
	'bundleId',
	'priceBookId',
	'ctgid',
	'esid',
	'pid',
	'ctid',
	'itemId',
	'campaignId',
];

/** The other path values, and what the spec says they hold (test/validation/pathIds keeps this whole). */
export const OTHER_PATH_VALUES: Record<string, string> = {
	cid: 'a customer id, account_id or crm_id (the spec: any of them in a path); a name is looked up first',
	contactId: 'a contact id, typed string/integer in the spec',
	field: 'a search field from a fixed list',
	value: 'the search text',
	module: 'a timeline module name',
	recordId: 'a timeline record id, where "at least a space" must be passed',
	date: 'a date, checked by the date rule',
	service_num: 'a service number (text)',
	status: '0 or 1, from a fixed list',
	page: 'the page the pager asks for',
};

/** Why a numeric path id is refused, or undefined when it is digits naming a record (above 0). */
export function pathIdRefusal(label: string, name: string, value: unknown): string | undefined {
	if (!NUMERIC_PATH_IDS.includes(name)) return undefined;
	return /^[1-9]\d*$/.test(String(value ?? '').trim())
		? undefined
		: `${label} (${name}) must be a whole number above 0 (the record's ID)`;
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
