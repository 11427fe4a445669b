import { isPlatformDateTime } from './dates';
import { decimalText, exactNumber } from './money';
import { isCalendarDate } from './rules';
import { switchValue } from './switches';

/*
 * Every value a request carries is sent as the spec types its field, or refused naming the field: never dropped,
 * rounded, replaced or sent as another type. An expression gives whatever its source holds (a number for a
 * reference, text for an amount, 29.849999999999998 for 3 × 9.95), so each value is read here by its field's type
 * (platform/specFacts.ts: the spec's types, checked against the spec source by test/spec/specFacts.test.ts).
 */

/** A field's type as the spec gives it (test/spec/types.ts, without its rules). */
export type SentType =
	| 'string'
	| 'integer'
	| 'number'
	| 'boolean'
	| 'date'
	| 'datetime'
	| 'flag'
	| 'false'
	| 'null'
	| 'any'
	| { anyOf: SentType[] }
	| { object: Record<string, SentType> }
	| { array: SentType }
	| { map: SentType };

/** Where in a body a value is: its keys and row indexes from the top. */
export type SentPath = Array<string | number>;

/** The first value of a body its type cannot hold exactly: where it is, and what is wrong, as a refusal says it. */
export interface SentProblem {
	path: SentPath;
	/** Said after the field's name: "must be a whole number; it came out as \"1 000\"". */
	problem: string;
}

type Read = { value: unknown } | { problem: string };

const PLAIN = /^-?\d+(\.\d+)?$/;
const WHOLE = /^\s*[+-]?\d+(\.0+)?\s*$/;

/** The value as a refusal quotes it: short, whatever it is. */
export function quotedValue(value: unknown): string {
	const text =
		typeof value === 'string'
			? JSON.stringify(value)
			: typeof value === 'bigint' || typeof value === 'number'
				? String(value)
				: (JSON.stringify(value) ?? String(value));
	return text.length > 44 ? `${text.slice(0, 43)}…` : text;
}

const cameOut = (value: unknown) =>
	value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
		? 'it came out blank'
		: `it came out as ${quotedValue(value)}`;

/** Significant digits of a plain decimal text. */
function significant(text: string): number {
	return text.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length || 1;
}

/**
 * A number as the text it stands for, when that text is exactly what was given: a whole number within 2^53, or a
 * decimal of at most 15 significant digits. Past those, the number is not what its source held (a 20-digit
 * reference parsed as JSON, 3 × 9.95 worked out in floating point), and no text of it is the one meant.
 */
function exactText(value: number): string | undefined {
	if (!Number.isFinite(value)) return undefined;
	if (Number.isInteger(value)) return Number.isSafeInteger(value) ? String(value) : undefined;
	const text = String(value);
	return PLAIN.test(text) && significant(text) <= 15 ? text : undefined;
}

const INEXACT =
	'has more digits than a number carries exactly, so it is not the value its source held';

function asString(value: unknown): Read {
	if (typeof value === 'string') return { value };
	if (typeof value === 'bigint') return { value: String(value) };
	if (typeof value === 'number') {
		const text = exactText(value);
		if (text !== undefined) return { value: text };
		return {
			problem: `is text to the platform, and the number ${quotedValue(value)} ${INEXACT}: give it as text (a column formatted as text)`,
		};
	}
	return { problem: `must be text; ${cameOut(value)}` };
}

function asInteger(value: unknown): Read {
	if (typeof value === 'number' && Number.isSafeInteger(value)) return { value };
	if (typeof value === 'string' && WHOLE.test(value)) {
		const number = Number(value.trim().replace(/\.0+$/, ''));
		if (Number.isSafeInteger(number)) return { value: number };
	}
	return { problem: `must be a whole number (digits only, within 2^53); ${cameOut(value)}` };
}

function asDecimal(value: unknown): Read {
	const text = typeof value === 'boolean' ? undefined : decimalText(value);
	if (text === undefined)
		return { problem: `must be a number such as 12.50 (digits and a point); ${cameOut(value)}` };
	const number = exactNumber(text);
	if (number !== undefined) return { value: number };
	return {
		problem: `is ${text}, which ${INEXACT} (at most 15 significant digits): round it to what was meant`,
	};
}

function asBoolean(value: unknown): Read {
	const read = switchValue(value);
	return read === undefined
		? { problem: `must be true or false; ${cameOut(value)}` }
		: { value: read };
}

function asFlag(value: unknown): Read {
	const read = switchValue(value);
	return read === undefined
		? { problem: `must be 0 or 1; ${cameOut(value)}` }
		: { value: read ? 1 : 0 };
}

function primitive(type: Exclude<SentType, object>, value: unknown): Read {
	switch (type) {
		case 'string':
			return asString(value);
		case 'integer':
			return asInteger(value);
		case 'number':
			return asDecimal(value);
		case 'boolean':
			return asBoolean(value);
		case 'flag':
			return asFlag(value);
		case 'date':
			return typeof value === 'string' && isCalendarDate(value)
				? { value }
				: { problem: `must be a real date as YYYY-MM-DD; ${cameOut(value)}` };
		case 'datetime':
			return typeof value === 'string' && isPlatformDateTime(value)
				? { value }
				: { problem: `must be a real date and time as YYYY-MM-DD HH:MM:SS; ${cameOut(value)}` };
		case 'false':
			return value === false ? { value } : { problem: `must be false; ${cameOut(value)}` };
		case 'null':
			return value === null ? { value } : { problem: `must be null; ${cameOut(value)}` };
		case 'any':
			return { value };
	}
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The value as its type sends it, or the first problem with where it is. Nothing is dropped: an object keeps
 * every key it has (a key the type does not name is sent as it is), undefined stays undefined (JSON leaves it
 * out), and an option of `anyOf` that holds the value unchanged is chosen before one that would convert it.
 */
export function sentAs(
	type: SentType,
	value: unknown,
	path: SentPath = [],
): { value: unknown } | SentProblem {
	if (value === undefined) return { value };
	if (typeof type === 'string') {
		const read = primitive(type, value);
		return 'problem' in read ? { path, problem: read.problem } : read;
	}
	if ('anyOf' in type) {
		const reads = type.anyOf.map((option) => sentAs(option, value, path));
		const kept = reads.find((read) => 'value' in read && read.value === value);
		const converted = reads.find((read) => 'value' in read);
		if (kept ?? converted) return (kept ?? converted) as { value: unknown };
		// The problem of the option the value is nearest to: a number's for a number, else the first.
		const problems = reads as SentProblem[];
		const nearest = type.anyOf.indexOf(typeof value === 'number' ? 'number' : type.anyOf[0]);
		return problems[Math.max(0, nearest)];
	}
	if ('array' in type) {
		if (!Array.isArray(value)) return { path, problem: `must be a list; ${cameOut(value)}` };
		const out: unknown[] = [];
		for (const [index, element] of value.entries()) {
			const read = sentAs(type.array, element, [...path, index]);
			if (!('value' in read)) return read;
			out.push(read.value);
		}
		return { value: out };
	}
	if (!isRecord(value)) return { path, problem: `must be an object; ${cameOut(value)}` };
	const out: Record<string, unknown> = {};
	for (const [key, element] of Object.entries(value)) {
		const own =
			'map' in type
				? type.map
				: Object.prototype.hasOwnProperty.call(type.object, key)
					? type.object[key]
					: 'any';
		const read = sentAs(own, element, [...path, key]);
		if (!('value' in read)) return read;
		Object.defineProperty(out, key, {
			value: read.value,
			enumerable: true,
			writable: true,
			configurable: true,
		});
	}
	return { value: out };
}

/** A path as a person reads it: `items, row 2, price`. */
export function pathText(path: SentPath): string {
	return path.map((part) => (typeof part === 'number' ? `row ${part + 1}` : part)).join(', ');
}
