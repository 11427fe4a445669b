import type { IDataObject } from 'n8n-workflow';

/** What an operation is about to send, after n8n has resolved every parameter. */
export interface RequestInput {
	path: IDataObject;
	body: IDataObject;
	qs: IDataObject;
	/** Reads any node parameter of the current item, resource locators resolved to their value. */
	param: (name: string, fallback?: unknown) => unknown;
}

/** A rule returns the reason the input is refused, or undefined. Messages name the field and the rule. */
export type Rule = (input: RequestInput) => string | undefined;

type Where = 'path' | 'body' | 'qs';

function read(input: RequestInput, where: Where, field: string): unknown {
	return input[where][field];
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

	oneOf:
		(where: Where, field: string, label: string, allowed: Array<string | number>): Rule =>
		(input) => {
			const value = read(input, where, field);
			if (isBlank(value)) return undefined;
			return allowed.map(String).includes(String(value))
				? undefined
				: `${label} (${field}) must be one of: ${allowed.join(', ')}`;
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

	pattern:
		(where: Where, field: string, label: string, regex: RegExp, rule: string): Rule =>
		(input) => {
			const value = read(input, where, field);
			if (isBlank(value)) return undefined;
			return regex.test(String(value)) ? undefined : `${label} (${field}) ${rule}`;
		},
};
