/**
 * The language the spec source (test/spec/) is written in: an endpoint, the shape of its body and query,
 * and the keys of its answer, as the spec text (billing-platform-api.md) shows them. Everything that checks a
 * request, builds the simulator's request schemas or counts endpoints reads these entries.
 */

/** A value shape as the spec describes it; objects are closed: a key the spec does not list is reported. */
export type Type =
	| 'string'
	| 'integer'
	| 'number'
	| 'boolean'
	| 'date'
	| 'datetime'
	| 'flag'
	/** The boolean false and nothing else (a service update's monthlyfee: false recalculates it). */
	| 'false'
	| 'null'
	| 'any'
	| { anyOf: Type[] }
	| ObjectType
	| { array: Type }
	/** An object keyed by names the caller chooses (external sale payments, keyed by payment type). */
	| { map: Type }
	/**
	 * A rule the shapes above cannot say (the report body: each report its own options); `shape` is the part
	 * of it they can say (each field's type), which the nodes send by.
	 */
	| { check: (value: unknown, field: string) => Problem[]; shape: Type };

export interface ObjectType {
	object: Record<string, Type>;
	/** The fields the spec marks required; the others are optional. */
	required?: string[];
}

/** What is wrong with one field of a request. */
export interface Problem {
	field: string;
	problem: string;
}

/**
 * The answer as the spec shows it, coarsely: the keys of a success answer (and of its failure answer where
 * the spec shows one), or of the records of an array answer, or `notShown` where the spec gives no shape. A
 * key `preview?` may be absent; `succes|success` is either spelling.
 */
export type Answer =
	| { keys: string[]; failure?: string[] }
	| { array: string[] | 'records' }
	| { notShown: string };

/** One endpoint of the spec, as its endpoint table (endpoints.tsv) and body tables show it. */
export interface Endpoint {
	/** The endpoint table's group column: `customer`, `bulkEmail`, ... */
	group: string;
	method: 'GET' | 'POST';
	/** As the endpoint table writes it, e.g. `/{api_key}/services/{id}/calculateETF/{date}`. */
	path: string;
	/** The endpoint table's note, verbatim. */
	note: string;
	/**
	 * Whether the request changes what the platform holds (`write`) or only reads it (`read`), as the spec says
	 * of the endpoint: the one source of how the nodes retry it, say it "may have been carried out" and keep it
	 * back in a Dry Run. Every entry says it; none is judged by its method.
	 */
	kind: 'read' | 'write';
	/** "date optional": the spec documents the path without its last segment too. */
	dateOptional?: true;
	/** Query parameters (values are text in a URL; the types say what the text holds). */
	query?: ObjectType;
	/** Omitted: the endpoint takes no body. A body the spec says is "not shown" is an empty object. */
	body?: Type;
	/**
	 * Body fields the spec leaves unshown that the package sends anyway, each field with the type we send,
	 * and why: the one list of requests outside the spec (the conformance guard excuses them, nothing else).
	 */
	unshown?: { fields: Record<string, Type>; reason: string };
	answer: Answer;
}

export const object = (fields: Record<string, Type>, required: string[] = []): ObjectType => ({
	object: fields,
	...(required.length > 0 && { required }),
});
export const nullable = (type: Type): Type => ({ anyOf: [type, 'null'] });
export const stringOrNumber: Type = { anyOf: ['string', 'number'] };
export const keys = (...names: string[]): Answer => ({ keys: names });
export const notShown = (what: string): Answer => ({ notShown: what });

/** `METHOD /path` as the endpoint table writes it: how entries are named everywhere. */
export const nameOf = (endpoint: Pick<Endpoint, 'method' | 'path'>) =>
	`${endpoint.method} ${endpoint.path}`;
