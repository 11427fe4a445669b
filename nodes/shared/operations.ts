import type {
	IDataObject,
	IDisplayOptions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { routingOf } from './routing';
import type { RequestInput, Rule } from './rules';

/** How an operation's response becomes output items. */
export interface OutputSpec {
	/** Property holding the records (array) or the single record (object). Omitted: the whole body. */
	root?: string;
	/** Fields the platform sends as numeric strings that users expect as numbers. */
	numbers?: string[];
}

/** What `outputOf` may read besides the answer. */
export interface OutputContext {
	input: RequestInput;
	before?: IDataObject;
	/** A credential of the node, decrypted (to compare the platform's answer with it). */
	credential: (type: string) => Promise<IDataObject>;
}

/**
 * One row of a node's operation table: everything `routingOf` needs to compile it into declarative
 * routing.
 */
export interface Operation {
	value: string;
	name: string;
	action: string;
	description: string;
	method: IHttpRequestMethods;
	/**
	 * Path after the key; `{name}` is replaced by the encoded value of parameter `name`; `/{name?}` is an
	 * optional segment, left out when the parameter is empty.
	 */
	path: string;
	fields?: INodeProperties[];
	rules?: Rule[];
	output?: OutputSpec;
	/**
	 * `paged`: walks /get/page/{page}; `whole`: one response sliced to the limit. Both add Return All /
	 * Limit.
	 */
	list?: 'paged' | 'whole';
	/** Paged lists whose page goes in the query (`page`, `limit` up to 100) instead of the path. */
	pageInQuery?: boolean;
	/**
	 * Body fields and path values that hold dates: n8n dates and ISO strings become YYYY-MM-DD before the
	 * rules run.
	 */
	dateFields?: string[];
	/** Body fields that hold date-times: converted to YYYY-MM-DD HH:MM:SS before the rules run. */
	dateTimeFields?: string[];
	/** Body fields whose values are secrets: kept out of every error message. */
	secretFields?: string[];
	/** The credential the requests go through, when not the API credential (the portal login's). */
	credential?: string;
	/**
	 * Requests to make before the operation's own (e.g. count the audience, then create for exactly that
	 * count): given a sender bound to the operation's credential; what it returns reaches `outputOf`.
	 */
	beforeRequest?: (
		request: (options: IHttpRequestOptions) => Promise<unknown>,
		input: RequestInput,
	) => Promise<IDataObject>;
	/**
	 * An answer that takes several requests to assemble (no single endpoint gives it): made instead of
	 * the row's request.
	 */
	answerFrom?: (
		request: (options: IHttpRequestOptions) => Promise<unknown>,
		input: RequestInput,
	) => Promise<unknown>;
	/** The answer as the user should see it, when that is not the answer itself (e.g. a key never output). */
	outputOf?: (body: unknown, context: OutputContext) => Promise<unknown> | unknown;
	/** The request body when it is not the object of fields (the API takes arrays on some endpoints). */
	sendBody?: (input: RequestInput, before?: IDataObject) => unknown;
	/** The item to output when a read finds nothing, if the user asked for one (upsert flows need it). */
	whenEmpty?: (input: RequestInput) => IDataObject | undefined;
	/**
	 * Shapes checked input into what the API expects, where the UI offers a choice the API spells as
	 * fields.
	 */
	prepare?: (input: RequestInput) => void;
}

function show(resource: string, operation: string, own?: IDisplayOptions): IDisplayOptions {
	return {
		...own,
		show: { ...own?.show, resource: [resource], operation: [operation] },
	};
}

function listFields(resource: string, operation: string): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: show(resource, operation),
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
			description: 'Max number of results to return',
			displayOptions: show(resource, operation, { show: { returnAll: [false] } }),
		},
	];
}

/** The operation dropdown and every operation's parameters, shown only where they belong. */
export function describeResource(
	resource: string,
	operations: Operation[],
	defaultOperation: string,
): INodeProperties[] {
	const operationProperty: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		default: defaultOperation,
		options: [...operations]
			.sort((a, b) => a.name.localeCompare(b.name))
			.map((op) => ({
				name: op.name,
				value: op.value,
				action: op.action,
				description: op.description,
				routing: routingOf(op),
			})),
	};
	const fields = operations.flatMap((op) => [
		...(op.fields ?? []).map((field) => ({
			...field,
			displayOptions: show(resource, op.value, field.displayOptions),
		})),
		...(op.list ? listFields(resource, op.value) : []),
	]);
	return [operationProperty, ...fields];
}

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

/** A parameter sent as the body field of the same name. */
export function bodyField(field: INodeProperties): INodeProperties {
	return { ...field, routing: { send: { type: 'body', property: field.name } } };
}

/** An "Add Field" collection of optional parameters. */
export function collection(
	displayName: string,
	name: string,
	options: INodeProperties[],
): INodeProperties {
	return { displayName, name, type: 'collection', placeholder: 'Add Field', default: {}, options };
}
