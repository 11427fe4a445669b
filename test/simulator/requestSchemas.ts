import { z } from 'zod';
import { entry } from '../spec';
import type { ObjectType, Type } from '../spec/types';
import { dateString, text } from './respond';

/**
 * The simulator's request schemas, built from the spec source (test/spec/): every field an entry shows (and
 * every unshown field it names) is read, in the spec's order, optional unless the spec says required. A route
 * adds only its decisions where the spec is silent or states a rule beyond the type (a default, a positive id,
 * the platform's wording); a decision replaces that field's schema whole (it says `.optional()` itself), and
 * one for a field the spec does not have is a mistake, thrown when the simulator loads.
 *
 * The types are read loosely: whether a value has the spec's type is strict.ts's check (off with the
 * `looseTypes` extra); here a string "5" where the spec says integer is the number 5.
 */

export type Decisions = Record<string, z.ZodTypeAny>;

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The loose reading of one spec type. */
export function schemaOf(type: Type): z.ZodTypeAny {
	switch (type) {
		case 'string':
			return text;
		case 'integer':
			return z.coerce.number().int();
		case 'number':
			return z.coerce.number();
		case 'boolean':
			return z.boolean();
		case 'date':
			return dateString;
		case 'datetime':
			return z.string().regex(DATETIME, 'must be YYYY-MM-DD HH:MM:SS');
		case 'flag':
			return z.coerce.number().int().min(0).max(1);
		case 'false':
			return z.literal(false);
		case 'null':
			return z.null();
		case 'any':
			return z.unknown();
	}
	if ('object' in type) return objectOf(type);
	if ('array' in type) return z.array(schemaOf(type.array));
	if ('map' in type) return z.record(schemaOf(type.map));
	if ('check' in type) return z.unknown();
	const [first, ...rest] = type.anyOf;
	if (rest.length === 1 && rest[0] === 'null') return schemaOf(first).nullable();
	return z.union([schemaOf(first), schemaOf(rest[0]), ...rest.slice(1).map(schemaOf)]);
}

/** An object shape of the spec source with the simulator's decisions. */
export function objectOf(
	type: ObjectType,
	decisions: Decisions = {},
	unshown: Record<string, Type> = {},
	where = 'an object of the spec',
): z.ZodObject<z.ZodRawShape> {
	const fields = { ...type.object, ...unshown };
	const stray = Object.keys(decisions).filter((name) => !(name in fields));
	if (stray.length > 0)
		throw new Error(`simulator decisions for ${stray.join(', ')}: not fields of ${where}`);
	const required = new Set(type.required ?? []);
	return z.object(
		Object.fromEntries(
			Object.entries(fields).map(([name, fieldType]) => {
				if (decisions[name]) return [name, decisions[name]];
				const schema = schemaOf(fieldType);
				return [name, required.has(name) ? schema : schema.optional()];
			}),
		),
	);
}

/** The object a type is, or the object its arrays or maps hold. */
function objectIn(type: Type | undefined, where: string): ObjectType {
	if (type && typeof type === 'object') {
		if ('object' in type) return type;
		if ('array' in type) return objectIn(type.array, where);
		if ('map' in type) return objectIn(type.map, where);
	}
	throw new Error(`${where} is not an object, nor an array or map of objects, in the spec source`);
}

/**
 * The body of the endpoint named `METHOD /path` (as the spec's endpoint table writes it), with its unshown
 * fields; a body that is an array (or map) of objects gives the schema of one element.
 */
export function bodyOf(name: string, decisions: Decisions = {}): z.ZodObject<z.ZodRawShape> {
	const { body, unshown } = entry(name);
	return objectOf(objectIn(body, name), decisions, unshown?.fields, name);
}

/** One element of the body field `field` (an array or map of objects), e.g. a price book's `items`. */
export function elementOf(
	name: string,
	field: string,
	decisions: Decisions = {},
): z.ZodObject<z.ZodRawShape> {
	const { body, unshown } = entry(name);
	const where = `${name} ${field}`;
	const fields = { ...objectIn(body, name).object, ...unshown?.fields };
	return objectOf(objectIn(fields[field], where), decisions, {}, where);
}

/** The query parameters of the endpoint named `METHOD /path`. */
export function queryOf(name: string, decisions: Decisions = {}): z.ZodObject<z.ZodRawShape> {
	return objectOf(objectIn(entry(name).query, name), decisions, {}, `${name} query`);
}

/** The fields the spec marks required in the body of `METHOD /path` (one element's, for an array body). */
export function requiredOf(name: string): string[] {
	return objectIn(entry(name).body, name).required ?? [];
}
