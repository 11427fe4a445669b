import type { SentType } from '../../nodes/shared/input/sentTypes';
import type { EndpointFacts } from '../../nodes/shared/platform/specFacts';
import type { Endpoint, Type } from './types';

/*
 * What the nodes need of the spec source, derived from it: each endpoint's path (after the key), whether it reads
 * or writes, and the type of every body and query field, unshown fields included. Shipped code cannot import
 * test/, so nodes/shared/platform/specFacts.ts holds this as written by `npm run generate:spec-facts`
 * (writeSpecFacts.js); test/spec/specFacts.test.ts fails whenever the two differ.
 */

/** A spec type as the nodes send by it: a rule's checkable part (its shape), never its function. */
export function sentTypeOf(type: Type): SentType {
	if (typeof type === 'string') return type;
	if ('check' in type) return sentTypeOf(type.shape);
	if ('anyOf' in type) return { anyOf: type.anyOf.map(sentTypeOf) };
	if ('array' in type) return { array: sentTypeOf(type.array) };
	if ('map' in type) return { map: sentTypeOf(type.map) };
	return { object: fieldsOf(type.object) };
}

function fieldsOf(fields: Record<string, Type>): Record<string, SentType> {
	return Object.fromEntries(Object.entries(fields).map(([name, type]) => [name, sentTypeOf(type)]));
}

/** The body with the unshown fields the package sends added to its object (an array's or map's element). */
function withUnshown(body: SentType, unshown: Record<string, Type>): SentType {
	if (typeof body === 'string' || 'anyOf' in body) return body;
	if ('array' in body) return { array: withUnshown(body.array, unshown) };
	if ('map' in body) return { map: withUnshown(body.map, unshown) };
	return { object: { ...body.object, ...fieldsOf(unshown) } };
}

/** Every endpoint of the spec as the nodes address it, with what it sends. */
export function specFactsOf(spec: Endpoint[]): EndpointFacts[] {
	return spec.map((entry) => {
		const path = entry.path.replace(/^\/\{api_key\}/, '');
		const unshown = Object.fromEntries(
			// The report's unshown names are the guard's report names (`report=…`), not fields.
			Object.entries(entry.unshown?.fields ?? {}).filter(([name]) => !name.includes('=')),
		);
		const body = entry.body && withUnshown(sentTypeOf(entry.body), unshown);
		return {
			method: entry.method,
			path,
			kind: entry.kind,
			...(entry.dateOptional && { dateOptional: true as const }),
			...(body && { body }),
			...(entry.query && { query: fieldsOf(entry.query.object) }),
		};
	});
}
