import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import type { PlatformFailure } from '../platform/envelope';
import type { RequestInput, Rule } from '../input/rules';
import { fillPath } from '../input/path';
import { requestKind } from '../platform/endpointFacts';

/**
 * What earlier items of the node run noted about the records this item writes (see `writeKeys`): read
 * and written by one item at a time, in input order.
 */
export interface Notes {
	/** This item's index, to name it in what it notes. */
	item: number;
	about: (key: string) => IDataObject;
}
/** How an operation's response becomes output items. */
export interface OutputSpec {
	/** Property holding the records (array) or the single record (object). Omitted: the whole body. */
	root?: string;
	/**
	 * The root is our reading of a shape the spec does not show (a lead, timeline entries, the lead pages): an
	 * answer without it is output whole. Otherwise an answer without the list the spec shows is a failure: it
	 * says nothing of what the platform holds.
	 */
	rootGuessed?: boolean;
	/**
	 * Keys a success answer carries as the spec shows it (a create's new id): an answer without one says
	 * nothing of what was written, so it is a failure whose outcome is unknown, never a created record. Every
	 * create declares it (`isCreate`); `[]` where the spec names no key (a lead's create response).
	 */
	shows?: string[];
	/** Fields the platform sends as numeric strings that users expect as numbers. */
	numbers?: string[];
	/**
	 * Records of more than ten fields (n8n's UX guidelines): what Simplify keeps and the tool variants'
	 * Output offers; one shape, or one per value of a parameter (the Report node's report).
	 */
	simplify?: RecordShape | ShapesBy;
}

/**
 * The fields of a record as the spec shows them. Dot paths reach into a nested object
 * (`counts.sent`); a simplified record holds them flattened, under their last segment.
 */
export interface RecordShape {
	/** The record's id: kept in every output mode. */
	id: string;
	/** The ten most useful fields, in the order they are output. */
	simplified: string[];
	/** Every field of the record the spec shows: what Selected Fields offers. */
	fields: string[];
}

/** Shapes chosen by the value of a parameter (only those values have Simplify). */
export interface ShapesBy {
	parameter: string;
	shapes: Record<string, RecordShape>;
}

/**
 * A further request of an operation. Whether it reads or writes is the spec's (platform/specFacts.ts): a read is
 * sent again after a transient failure, a write is kept back in a Dry Run.
 */
export interface SendOptions extends IHttpRequestOptions {
	/** A write that is harmless sent again after a transient failure (an update sets the same values). */
	repeatable?: boolean;
	/** That it writes, which its endpoint's kind already says; a Dry Run sends no write. */
	changes?: boolean;
	/** Send it even where an earlier try lost its answer (RequestSettings.resendLost). */
	resendLost?: boolean;
}

/** What `outputOf` may read besides the answer. */
export interface OutputContext {
	input: RequestInput;
	before?: IDataObject;
	/** A credential of the node, decrypted (to compare the platform's answer with it). */
	credential: (type: string) => Promise<IDataObject>;
	/**
	 * Sends a further request through the operation's credential, judged like every other; `preface`
	 * says in its error what had already happened.
	 */
	request: (options: SendOptions, preface?: string) => Promise<unknown>;
	/** What earlier items of the node run noted under this item's write keys. */
	notes: Notes;
}

/** What an operation is: the request it makes, its fields and rules, and how its answer is read. */
export interface OperationSpec {
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
	/**
	 * Path values for which a value of only spaces is a value, sent as one space (the timeline's record id:
	 * the spec asks for "at least a space"); elsewhere such a value is trimmed to nothing and refused.
	 */
	spaceIsValue?: string[];
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
	/**
	 * Body fields holding amounts the spec types as numbers (float, decimal): sent as the JSON number
	 * whose text is what was given; text that is not an amount, or more digits than a number carries
	 * exactly, is refused naming the field.
	 */
	moneyFields?: string[];
	/**
	 * Body fields the spec types as strings. Nothing reads it any more: every field is sent as the spec types it
	 * (input/sentTypes.ts), a number given for text as its text when that is exact. Kept while rows still name it.
	 */
	textFields?: string[];
	/** Body fields the spec types as 0/1 flags, offered as switches: sent as 1 or 0. */
	flagFields?: string[];
	/** Body fields whose values are secrets: kept out of every error message. */
	secretFields?: string[];
	/** The credential the requests go through, when not the API credential (the portal login's). */
	credential?: string;
	/**
	 * Its writes follow from what it reads first (Create or Update matches the customer, then writes only what
	 * the platform does not hold): after a write whose answer was lost, the item may be run again, since its
	 * reads then find what the lost write did. Any other write whose answer was lost is never sent again.
	 */
	readsBeforeWriting?: true;
}

/**
 * Refuses the item's input for a reason only the platform's answers reveal (a filter field the department
 * does not have): an error naming the field and the rule, whose description says what was and was not sent.
 */
export type Refuse = (message: string, description: string) => Error;

/**
 * The steps every operation may add, in the order they run for each input item (tableNode/itemLoop.ts): the
 * input is read and checked by the rules, then `prepare`; at send time the row's own request (OwnRequest) or an
 * answer it assembles (Assembled); one item per record (`whenEmpty` when there is none), and `shapeItems` last.
 */
interface CommonHooks {
	/**
	 * Shapes checked input into what the API expects, where the UI offers a choice the API spells as
	 * fields.
	 */
	prepare?: (input: RequestInput) => void;
	/**
	 * The records this item writes (normalised: one record, one key). Items of a node run sharing a key
	 * run one after another in input order, each reading what the earlier ones noted under it. Default
	 * for a write: its path up to the first optional segment (`/customer/update/1042`).
	 */
	writeKeys?: (input: RequestInput) => string[];
	/** The item to output when a read finds nothing, if the user asked for one (upsert flows need it). */
	whenEmpty?: (input: RequestInput) => IDataObject | undefined;
	/**
	 * Reshapes one input item's output items after a successful answer (a report's rows as one item, or as
	 * a file).
	 */
	shapeItems?: (items: INodeExecutionData[], item: ItemOf) => Promise<INodeExecutionData[]>;
}

/**
 * A row answered by its own request: `beforeRequest` and `sendBody` shape it, and its answer goes through
 * `outputOf` (or `refusalAsAnswer` when the platform refused).
 */
interface OwnRequest {
	/**
	 * Requests to make before the operation's own (e.g. count the audience, then create for exactly that
	 * count): given a sender bound to the operation's credential; what it returns reaches `outputOf`.
	 */
	beforeRequest?: (
		request: (options: SendOptions) => Promise<unknown>,
		input: RequestInput,
		refuse: Refuse,
	) => Promise<IDataObject>;
	/** The request body when it is not the object of fields (the API takes arrays on some endpoints). */
	sendBody?: (input: RequestInput, before?: IDataObject) => unknown;
	/** The answer as the user should see it, when that is not the answer itself (e.g. a key never output). */
	outputOf?: (body: unknown, context: OutputContext) => Promise<unknown> | unknown;
	/**
	 * When the platform refuses the request in an HTTP 200 (no error_code), the item to output instead of
	 * failing, if the refusal is an answer the user branches on (a login that does not work).
	 */
	refusalAsAnswer?: (
		failure: PlatformFailure,
		context: OutputContext,
	) => Promise<IDataObject | undefined> | IDataObject | undefined;
	answerFrom?: never;
}

/**
 * A row whose answer takes several requests to assemble (no single endpoint gives it): `answerFrom` makes it,
 * instead of the row's own request, and shapes it itself; the steps of an own request cannot be declared beside
 * it, since none of them would run. Its answer is checked against `output.shows` like any other.
 */
interface Assembled {
	answerFrom: (
		request: (options: SendOptions) => Promise<unknown>,
		input: RequestInput,
		notes: Notes,
	) => Promise<unknown>;
	beforeRequest?: never;
	sendBody?: never;
	outputOf?: never;
	refusalAsAnswer?: never;
}

export type OperationHooks = CommonHooks & (OwnRequest | Assembled);

/** The input item an operation step works for: its index, its input, and the node run's context. */
export interface ItemOf {
	index: number;
	input: RequestInput;
	context: IExecuteFunctions;
}

/** One row of a node's operation table: everything the node run (tableNode/itemLoop.ts) needs to carry it out. */
export type Operation = OperationSpec & OperationHooks;

/**
 * An update (Update, Update Charge Item, Create or Update): body fields whose value comes out blank (empty or
 * whitespace-only text, null) are left out, never sent, so a mapped empty cell never erases what the platform
 * holds (the spec gives no way to clear a field; a row that clears one by name sets it itself). The rule of
 * the kind of operation, not a flag a row could forget.
 */
export function isUpdate(op: Pick<Operation, 'value'>): boolean {
	return /^update/.test(op.value) || op.value === 'upsert';
}

/**
 * A search or filter: every criterion the user gave must come out as something to match, since a blank one
 * matches every record (every text "contains" ""), and a search that widens silently is a wrong answer.
 */
export function isSearch(op: Pick<Operation, 'value'>): boolean {
	return op.value === 'search' || op.value === 'filter';
}

/**
 * A create: its answer must show what it made (the record under `output.root`, or the keys of `output.shows`),
 * or the item fails with the outcome unknown.
 */
export function isCreate(op: Pick<Operation, 'value' | 'method'>): boolean {
	return op.method === 'POST' && (op.value === 'create' || /^add[A-Z]/.test(op.value));
}

// The names the spec gives an amount of money in the rows of a request (a sale's products and payments).
const MONEY_IN_ROWS = ['price', 'amount'];

/** Whether a field holds money: an amount of its own, or rows of products or payments that do. */
function holdsMoney(field: INodeProperties): boolean {
	if (field.type !== 'fixedCollection') return false;
	const groups = (field.options ?? []) as Array<{ values?: INodeProperties[] }>;
	return groups.some((group) =>
		(group.values ?? []).some(
			(value) => MONEY_IN_ROWS.includes(value.name) && value.type === 'number',
		),
	);
}

/**
 * A write with an amount (a payment, a charge, a sale, an order): its customer is proven before the run's first
 * write. Known by its fields, so a new row that carries money is one without saying so.
 */
export function movesMoney(
	op: Pick<Operation, 'method' | 'path' | 'moneyFields' | 'fields'>,
): boolean {
	if (isRepeatable(op)) return false;
	return (op.moneyFields ?? []).length > 0 || (op.fields ?? []).some(holdsMoney);
}

/** Whether an update runs as a preview (its Dry Run option): decided as in a real run, nothing written. */
export function isDryRun(op: Pick<Operation, 'value'>, input: RequestInput): boolean {
	return isUpdate(op) && input.param('dryRun', false) === true;
}

/**
 * Whether the operation only reads (its request may be sent again after a transient failure without changing
 * anything): as the spec says of its endpoint (platform/specFacts.ts), never judged by its method. The platform
 * reads through POST (searches, filters, previews, reports, qualification, quotes) and writes through GET
 * (contact delete, credit management, ETF, the demo reset).
 */
export function isRepeatable(op: Pick<Operation, 'method' | 'path'>): boolean {
	return requestKind(op.method, op.path) === 'read';
}

/** The records an item writes: none for a read, its record path for a write that names one. */
export function writeKeysOf(op: Operation, input: RequestInput): string[] {
	if (op.writeKeys) return op.writeKeys(input);
	if (isRepeatable(op)) return [];
	const record = op.path.replace(/\/\{\w+\?\}.*$/, '');
	return record.includes('{') ? [`${op.method} ${fillPath(record, input.path)}`] : [];
}
