import type {
	IDataObject,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
} from 'n8n-workflow';

/** The description of every refusal made before a request: the user's data did not leave n8n. */
export const NOTHING_SENT = 'Nothing was sent to the billing platform.';

/** A refusal's description: which input item, as n8n writes it ("[item 1]"), and that nothing left n8n. */
export function nothingSentFor(itemIndex: number): string {
	return `Refused at [item ${itemIndex}]. ${NOTHING_SENT}`;
}

/** What an operation is about to send, after n8n has resolved every parameter. */
export interface RequestInput {
	path: IDataObject;
	body: IDataObject;
	qs: IDataObject;
	/** Reads any node parameter of the current item, resource locators resolved to their value. */
	param: (name: string, fallback?: unknown) => unknown;
	/** Whether the user filled the parameter in (an expression, or text that is not blank), whatever it resolves to. */
	given?: (name: string) => boolean;
	/** Whether a resource locator's value was picked from its list (a record's own ID), not typed or mapped. */
	picked?: (name: string) => boolean;
}

/** A rule returns the reason the input is refused, or undefined. Messages name the field and the rule. */
export type Rule = (input: RequestInput) => string | undefined;

/** Where a rule reads its value: what is about to be sent, or (`param`) a node parameter as resolved. */
type Where = 'path' | 'body' | 'qs' | 'param';

function read(input: RequestInput, where: Where, field: string): unknown {
	return where === 'param' ? input.param(field, '') : input[where][field];
}

/** The rows of a fixedCollection parameter (`name.key[]`), none when it is unset. */
export function fixedRows(input: RequestInput, name: string, key: string): IDataObject[] {
	return ((input.param(name, {}) as IDataObject)[key] as IDataObject[] | undefined) ?? [];
}

/** A list given as an array (an expression) or as text separated by commas or spaces; blanks dropped. */
export function splitList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value : String(value ?? '').split(/[\s,]+/);
	return parts.map((part) => String(part).trim()).filter((part) => part !== '');
}

export function isBlank(value: unknown): boolean {
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
	const match = DATE.exec(value);
	if (!match) return false;
	const [year, month, day] = match.slice(1).map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	return (
		date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
	);
}

export const rules = {
	required:
		(where: Where, field: string, label: string): Rule =>
		(input) =>
			isBlank(read(input, where, field)) ? `${label} (${field}) is required` : undefined,

	minLength:
		(where: Where, field: string, label: string, min: number): Rule =>
		(input) => {
			const value = read(input, where, field);
			return isBlank(value) || String(value).trim().length < min
				? `${label} (${field}) must be at least ${min} characters`
				: undefined;
		},

	minimum:
		(where: Where, field: string, label: string, min: number): Rule =>
		(input) => {
			const value = read(input, where, field);
			if (isBlank(value)) return `${label} (${field}) is required`;
			const number = Number(value);
			return Number.isFinite(number) && number >= min
				? undefined
				: `${label} (${field}) must be a number of at least ${min}`;
		},

	date:
		(where: Where, field: string, label: string): Rule =>
		(input) => {
			const value = read(input, where, field);
			if (isBlank(value)) return undefined;
			return isCalendarDate(String(value))
				? undefined
				: `${label} (${field}) must be a real date in YYYY-MM-DD format`;
		},

	/** An id that must name an existing record: a whole number above 0 (an empty or text id would create). */
	recordId:
		(where: Where, field: string, label: string): Rule =>
		(input) => {
			const value = read(input, where, field);
			if (isBlank(value)) return `${label} (${field}) is required`;
			return /^\s*[1-9]\d*\s*$/.test(String(value))
				? undefined
				: `${label} (${field}) must be a whole number above 0 (the record's ID)`;
		},

	pattern:
		(where: Where, field: string, label: string, regex: RegExp, rule: string): Rule =>
		(input) => {
			const value = read(input, where, field);
			if (isBlank(value)) return undefined;
			return regex.test(String(value)) ? undefined : `${label} (${field}) ${rule}`;
		},
};

/** The values a field's fixed list allows; undefined for fields without one (loaded lists, free text). */
function listedValues(field: INodeProperties): string[] | undefined {
	if (field.type !== 'options' && field.type !== 'multiOptions') return undefined;
	if (field.typeOptions?.loadOptionsMethod || field.typeOptions?.loadOptions) return undefined;
	return ((field.options ?? []) as INodePropertyOptions[]).map((option) => String(option.value));
}

function unlistedValue(field: INodeProperties, value: unknown): string | undefined {
	const allowed = listedValues(field);
	if (!allowed || value === undefined) return undefined;
	const values = field.type === 'multiOptions' && Array.isArray(value) ? value : [value];
	const listed = values.every((one) => allowed.includes(String(one ?? '')));
	return listed
		? undefined
		: `${field.displayName} (${field.name}) must be one of: ${allowed.join(', ')}`;
}

/** Rows of a fixedCollection value, whether it holds one row (an object) or several (an array). */
function rowsOf(value: unknown): IDataObject[] {
	if (Array.isArray(value)) return value as IDataObject[];
	return value && typeof value === 'object' ? [value as IDataObject] : [];
}

/** The first value of a collection's or fixedCollection's fields that is not in its field's list. */
function nestedRefusal(field: INodeProperties, value: unknown): string | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const given = value as IDataObject;
	if (field.type === 'collection') {
		for (const inner of (field.options ?? []) as INodeProperties[]) {
			// A blank optional field is not given (requestInput leaves it out), so it is in no list's way.
			const value = given[inner.name];
			const refusal =
				inner.name in given && !isBlank(value) ? unlistedValue(inner, value) : undefined;
			if (refusal) return `${field.displayName} (${field.name}): ${refusal}`;
		}
	}
	if (field.type === 'fixedCollection') {
		for (const group of (field.options ?? []) as INodePropertyCollection[]) {
			const rows = rowsOf(given[group.name]);
			for (const [index, row] of rows.entries()) {
				for (const inner of group.values) {
					const refusal = inner.name in row ? unlistedValue(inner, row[inner.name]) : undefined;
					if (refusal) return `${field.displayName} (${field.name}) row ${index + 1}: ${refusal}`;
				}
			}
		}
	}
	return undefined;
}

/**
 * Checks every parameter with a fixed list of options (top level, in collections and in fixedCollection
 * rows) against its list: a value given by expression is not checked by the editor, and a value the
 * list does not know would be sent as it is (an unknown Pay With sent a payment with no source).
 */
export function listedOptionsRefusal(
	fields: INodeProperties[],
	input: RequestInput,
): string | undefined {
	for (const field of fields) {
		const value = input.param(field.name, undefined);
		if (value === undefined) continue;
		const refusal = unlistedValue(field, value) ?? nestedRefusal(field, value);
		if (refusal) return refusal;
	}
	return undefined;
}
