import type { IDataObject, INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import { isBlank } from './rules';

/*
 * Every value a field carries as a number (an amount, a rate, a quantity, an ID) must read as one. An expression
 * can give anything: text the platform reads as 0, ignores, or replaces by its default, and the run reports
 * success. So wherever a row sends such a value (a field's routing, a body it builds itself, a row of products
 * or rates), a value that does not read as a number, or that came out blank, is refused naming the field.
 */

/**
 * Dropdowns whose options are the platform's record IDs (whole numbers above 0): a value given by expression for
 * one must be such an ID too (test/loaders/dropdowns.test.ts holds each loader to it).
 */
export const RECORD_ID_LOADERS = [
	'getServiceTypes',
	'getCallRateCards',
	'getProducts',
	'getPriceBooks',
	'getCustomerBundles',
	'getCallTypes',
];

type Carries = 'number' | 'id' | 'ids';

/** What a field carries, if a number: its type, or a dropdown of record IDs. */
export function numberCarried(field: INodeProperties): Carries | undefined {
	if (field.type === 'number') return 'number';
	const loader = field.typeOptions?.loadOptionsMethod;
	if (typeof loader !== 'string' || !RECORD_ID_LOADERS.includes(loader)) return undefined;
	if (field.type === 'options') return 'id';
	return field.type === 'multiOptions' ? 'ids' : undefined;
}

const NUMBER = /^\s*[+-]?\d+(\.\d+)?\s*$/;
const ID = /^\s*[1-9]\d*\s*$/;

function isId(value: unknown): boolean {
	if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0;
	return typeof value === 'string' && ID.test(value) && Number.isSafeInteger(Number(value));
}

function reads(kind: Carries, value: unknown): boolean {
	if (kind === 'ids') return Array.isArray(value) && value.every(isId);
	if (kind === 'id') return isId(value);
	if (typeof value === 'number') return Number.isFinite(value);
	return typeof value === 'string' && NUMBER.test(value);
}

/** The value as a refusal quotes it: short, whatever it is. */
function quoted(value: unknown): string {
	const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
	return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

function refusalOf(field: INodeProperties, kind: Carries, value: unknown): string | undefined {
	if (reads(kind, value)) return undefined;
	const named = `${field.displayName} (${field.name})`;
	const want =
		kind === 'number'
			? 'a number'
			: kind === 'id'
				? 'a whole number above 0 (the record’s ID)'
				: 'a list of IDs (whole numbers above 0)';
	return isBlank(value)
		? `${named} came out blank: give ${want}`
		: `${named} must be ${want}; it came out as ${quoted(value)}`;
}

/** Rows of a fixedCollection group, whether it holds one row (an object) or several (an array). */
function rowsOf(value: unknown): IDataObject[] {
	if (Array.isArray(value)) return value as IDataObject[];
	return value && typeof value === 'object' ? [value as IDataObject] : [];
}

/** Where the check reads: each field's value, and whether it is shown for the values around it. */
export interface NumberScope {
	value: (name: string) => unknown;
	/** Whether the field is shown (its display rules, read against `within`: the values beside it). */
	shown: (field: INodeProperties, within: IDataObject) => boolean;
	/** Whether a field was filled in (an expression, or a value that is not blank), whatever it resolves to. */
	given: (name: string) => boolean;
	/** An update: an optional field (in Add Field) that comes out blank is left out, the value held kept. */
	update: boolean;
}

/** The first value among `values` (a collection's, or a row's) that a number field cannot read. */
function innerRefusal(
	options: INodeProperties[],
	values: IDataObject,
	scope: NumberScope,
	blankLeftOut: boolean,
): string | undefined {
	for (const option of options) {
		if (!Object.prototype.hasOwnProperty.call(values, option.name)) continue;
		if (!scope.shown(option, values)) continue;
		const value = values[option.name];
		if (option.type === 'collection') {
			const inner = innerRefusal(
				(option.options ?? []) as INodeProperties[],
				(value ?? {}) as IDataObject,
				scope,
				blankLeftOut,
			);
			if (inner) return inner;
			continue;
		}
		const kind = numberCarried(option);
		if (!kind || (blankLeftOut && isBlank(value))) continue;
		const refusal = refusalOf(option, kind, value);
		if (refusal) return refusal;
	}
	return undefined;
}

/**
 * The refusal of the first number a row's fields carry that cannot be read, naming the field (and the row of a
 * list of rows); undefined when every one reads. A field left at its default, or hidden, is not read.
 */
export function unreadableNumber(
	fields: INodeProperties[],
	scope: NumberScope,
	root: IDataObject,
): string | undefined {
	for (const field of fields) {
		if (!scope.shown(field, root)) continue;
		const kind = numberCarried(field);
		if (kind) {
			// An optional field left empty is not given (Entry ID's 0 adds a new entry; a blank ID means none).
			if (!scope.given(field.name)) continue;
			const refusal = refusalOf(field, kind, scope.value(field.name));
			if (refusal) return refusal;
		}
		if (field.type === 'collection') {
			const values = (scope.value(field.name) ?? {}) as IDataObject;
			const options = (field.options ?? []) as INodeProperties[];
			const refusal = innerRefusal(options, values, scope, scope.update);
			if (refusal) return refusal;
		}
		if (field.type === 'fixedCollection') {
			const given = (scope.value(field.name) ?? {}) as IDataObject;
			for (const group of (field.options ?? []) as INodePropertyCollection[]) {
				for (const [index, row] of rowsOf(given[group.name]).entries()) {
					// A row lists what it is: a blank in it is no value left unchanged, but one missing.
					const refusal = innerRefusal(group.values, row ?? {}, scope, false);
					if (refusal) return `${field.displayName} (${field.name}) row ${index + 1}: ${refusal}`;
				}
			}
		}
	}
	return undefined;
}
