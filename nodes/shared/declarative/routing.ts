import { NodeOperationError } from 'n8n-workflow';
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodePropertyRouting,
} from 'n8n-workflow';
import { recordItems } from '../output/errors';
import { failureOfItem } from '../output/items';
import { PlatformRequestError } from '../platform/failure';
import { fillPath } from '../input/path';
import { isRepeatable, writeKeysOf } from '../operation/operations';
import type { Notes, Operation, OutputContext, SendOptions } from '../operation/operations';
import { lacksRoot, RecordFailures, toRecords } from '../output/output';
import { shapeFor, shapeRecord } from '../output/simplify';
import { outputChoiceOf } from './simplify';
import { walkPages } from '../transport/pager';
import { checkInput, readInput } from '../operation/requestInput';
import type { RequestInput } from '../input/rules';
import { subjectOf } from '../operation/subject';
import { customerIdOf } from '../operation/customerRef';
import { concurrencyOf, limited } from '../transport/limiter';
import type { Aside } from '../transport/limiter';
import { takeTurn } from '../transport/turns';
import type { Turn } from '../transport/turns';
import { CREDENTIAL_TYPE, platformRequest, secretsOfRequest } from '../transport/transport';
import type { RequestSettings } from '../transport/transport';

// The largest page the query-paged listings accept (serviceType/search: limit at most 100).
const QUERY_PAGE_SIZE = 100;

/** What preSend worked out for one item, for the postReceive (or pagination) step of the same item. */
interface Prepared {
	input: RequestInput;
	settings: RequestSettings;
	/** What the operation's extra requests made before the main one found (e.g. the counted audience). */
	before?: IDataObject;
	/** Why the input was refused: nothing is sent for this item. */
	refusal?: unknown;
	/** The item's place among the node run's items writing the same records. */
	turn?: Turn;
}

function notesOf(context: IExecuteSingleFunctions, state: Prepared): Notes {
	return { item: context.getItemIndex(), about: state.turn?.notes ?? (() => ({})) };
}

/** The node run an item belongs to: its executions's id, the node's id and name. */
function runKeyOf(context: IExecuteSingleFunctions): string {
	const node = context.getNode();
	return `${context.getExecutionId() ?? ''}|${node.id ?? ''}|${node.name}`;
}

// RoutingNode hands one item's preSend a context and its pagination step an object derived from it, so the
// context is the key that carries the checked input between the steps.
const prepared = new WeakMap<object, Prepared>();

function preparedFor(context: object): Prepared {
	const found = prepared.get(context) ?? prepared.get(Object.getPrototypeOf(context) as object);
	if (!found) throw new Error('The request was not prepared: routing steps ran out of order');
	return found;
}

function settingsOf(op: Operation, input: RequestInput): RequestSettings {
	// The values of the operation's secret body fields are kept out of its errors.
	return {
		credential: op.credential,
		secrets: (op.secretFields ?? []).map((field) => String(input.body[field] ?? '')),
	};
}

/**
 * An operation whose refusals are answers (a portal login that does not work): the item instead of the
 * failure, for a refusal in an HTTP 200 without error_code. Transport and HTTP failures still fail.
 */
async function answerInstead(
	op: Operation,
	error: unknown,
	context: OutputContext,
): Promise<IDataObject | undefined> {
	if (!op.refusalAsAnswer || !(error instanceof PlatformRequestError)) return undefined;
	const { failure } = error;
	if (failure.kind !== 'refused' || failure.errorCode) return undefined;
	return await op.refusalAsAnswer(failure, context);
}

/** routing.send.preSend: checks the item's input, then fills in the path (values encoded) and the body. */
function prepareRequest(op: Operation) {
	return async function (
		this: IExecuteSingleFunctions,
		options: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const input = readInput(this, op, options);
		try {
			checkInput(this, op, input);
		} catch (refusal) {
			// Thrown from here, RoutingNode would output an unpaired item under Continue On Fail (see sendRequests).
			prepared.set(this, { input, settings: settingsOf(op, input), refusal });
			return options;
		}
		op.prepare?.(input);
		// Taken here, not at send time: RoutingNode prepares the items one by one in input order.
		const keys = writeKeysOf(op, input);
		const turn = keys.length ? takeTurn(runKeyOf(this), keys) : undefined;
		prepared.set(this, { input, settings: settingsOf(op, input), turn });
		options.url = fillPath(op.path, { ...input.path, page: 1 });
		options.qs = input.qs;
		if (op.method === 'GET') delete options.body;
		else options.body = (op.sendBody ? op.sendBody(input) : input.body) as IDataObject;
		return options;
	};
}

/** Sends a further request of this item through the operation's credential, judged like every other. */
function senderFor(context: IExecuteSingleFunctions, settings: RequestSettings) {
	return async ({ repeatable, ...options }: SendOptions, preface?: string) =>
		await platformRequest(
			context,
			{ ...options, method: options.method ?? 'GET' },
			{ ...settings, preface, ...(repeatable === undefined ? {} : { repeatable }) },
		);
}

/** A failure of this item: an error item paired to it under Continue On Fail, otherwise thrown. */
async function failedItem(
	context: IExecuteSingleFunctions,
	error: unknown,
	{ settings, input, op }: { settings: RequestSettings; input?: RequestInput; op: Operation },
): Promise<INodeExecutionData[]> {
	const toErrorOutput = context.getNode().onError === 'continueErrorOutput';
	if (error instanceof RecordFailures && context.continueOnFail()) {
		return recordItems(
			context.getNode(),
			error,
			context.getItemIndex(),
			settings.secrets ?? [],
			toErrorOutput,
		);
	}
	// The record named beside a terse answer is the user's input: the key may be typed there too.
	const secrets = await secretsOfRequest(context, settings);
	const subject = input && subjectOf(op, input);
	return [failureOfItem(context, error, context.getItemIndex(), secrets, subject)];
}

function limitOf(context: IExecuteSingleFunctions, op: Operation): number | undefined {
	if (!op.list || context.getNodeParameter('returnAll', false)) return undefined;
	return context.getNodeParameter('limit', 50) as number;
}

function itemsOf(
	context: IExecuteSingleFunctions,
	op: Operation,
	input: RequestInput,
	records: IDataObject[],
): INodeExecutionData[] {
	const limit = limitOf(context, op);
	let out = limit === undefined ? records : records.slice(0, limit);
	const shape = shapeFor(op.output?.simplify, (name) => context.getNodeParameter(name, ''));
	if (shape) {
		const choice = outputChoiceOf(context);
		out = out.map((record) => shapeRecord(record, shape, choice));
	}
	const placeholder = out.length === 0 ? op.whenEmpty?.(input) : undefined;
	if (placeholder) out = [placeholder];
	return out.map((json) => ({ json, pairedItem: { item: context.getItemIndex() } }));
}

/**
 * The answer as items: shaped by the operation (outputOf may make further requests), one item per record.
 * A refusal the operation reads as an answer (refusalAsAnswer) becomes its item instead of a failure.
 */
async function outputItems(
	context: IExecutePaginationFunctions,
	op: Operation,
	state: Prepared,
	answer: () => Promise<unknown>,
): Promise<INodeExecutionData[]> {
	const output: OutputContext = {
		input: state.input,
		before: state.before,
		credential: async (type) => await context.getCredentials(type),
		request: senderFor(context, state.settings),
		notes: notesOf(context, state),
	};
	const read = async () => {
		const body = await answer();
		const shaped = op.outputOf ? await op.outputOf(body, output) : body;
		return itemsOf(context, op, state.input, toRecords(shaped, op.output));
	};
	return await read().catch(async (error: unknown) => {
		const instead = await answerInstead(op, error, output).catch(() => undefined);
		if (!instead) throw error;
		return itemsOf(context, op, state.input, [instead]);
	});
}

/** Every page of a paged listing, through the one pager. */
async function readPages(
	context: IExecutePaginationFunctions,
	op: Operation,
	sent: IHttpRequestOptions,
	{ input, settings }: Prepared,
): Promise<INodeExecutionData[]> {
	const output = { ...op.output, root: op.output?.root ?? 'results' };
	const pageRequest = (page: number): IHttpRequestOptions =>
		op.pageInQuery
			? { ...sent, qs: { ...sent.qs, page, limit: QUERY_PAGE_SIZE } }
			: { ...sent, url: fillPath(op.path, { ...input.path, page }) };
	const records = await walkPages(
		async (page) => {
			const body = (await platformRequest(context, pageRequest(page), {
				...settings,
				repeatable: isRepeatable(op),
			})) as IDataObject;
			// An answer without its list key is output whole: it has no pages to walk.
			return { body, rows: toRecords(body, output), last: lacksRoot(body, output.root) };
		},
		{ limit: limitOf(context, op) },
	);
	return itemsOf(context, op, input, records);
}

/**
 * A customer in the path given by anything but its ID (an account_id, a company or person name, as a model
 * fills it) is looked up first, and the path carries the ID: a name the platform would not know reaches
 * the customer it is, and one that is no customer's, or several customers', stops before any write.
 */
async function customerInPath(
	request: ReturnType<typeof senderFor>,
	op: Operation,
	input: RequestInput,
	sent: IHttpRequestOptions,
): Promise<void> {
	const ref = input.path.cid;
	if (ref === undefined || /^\d+$/.test(String(ref).trim())) return;
	input.path.cid = String(await customerIdOf(request, ref));
	sent.url = fillPath(op.path, { ...input.path, page: 1 });
}

/** The operation's requests for one item, and its output items. */
async function itemsFor(
	context: IExecutePaginationFunctions,
	op: Operation,
	state: Prepared,
	sent: IHttpRequestOptions,
): Promise<INodeExecutionData[]> {
	const request = senderFor(context, state.settings);
	// An operation assembled from its own requests resolves its customer itself (Customer Update).
	if (!op.answerFrom) await customerInPath(request, op, state.input, sent);
	if (op.list === 'paged') return await readPages(context, op, sent, state);
	if (op.answerFrom)
		return itemsOf(
			context,
			op,
			state.input,
			toRecords(await op.answerFrom(request, state.input, notesOf(context, state)), op.output),
		);
	if (op.beforeRequest) {
		const refuse = (message: string, description: string) =>
			new NodeOperationError(context.getNode(), message, {
				itemIndex: context.getItemIndex(),
				description,
			});
		state.before = await op.beforeRequest(request, state.input, refuse);
		if (op.sendBody && op.method !== 'GET')
			sent.body = op.sendBody(state.input, state.before) as IDataObject;
	}
	const repeatable = isRepeatable(op);
	return await outputItems(
		context,
		op,
		state,
		async () => await platformRequest(context, sent, { ...state.settings, repeatable }),
	);
}

/**
 * The requests of one node run share a limiter: n8n starts every item's request at once, and a shared
 * platform answers a burst of thousands with throttling or an outage. The credential sets the bound.
 */
async function politely<T>(
	context: IExecutePaginationFunctions,
	op: Operation,
	task: (aside: Aside) => Promise<T>,
): Promise<T> {
	const credential = await context
		.getCredentials(op.credential ?? CREDENTIAL_TYPE)
		.catch(() => ({}) as IDataObject);
	return await limited(runKeyOf(context), concurrencyOf(credential.maxConcurrency), task);
}

/**
 * routing.operations.pagination: every request of the operation is made here, through the one transport
 * (retries, the answer judged the same way as everywhere), under the node run's concurrency bound. A
 * paged listing walks its pages; an operation that needs a request first (the audience count) makes it
 * here. RoutingNode's own request and postReceive are not used: for a failure there, n8n gives its generic
 * message for a transport failure and, under Continue On Fail, an item without error_code or pairing.
 */
function sendRequests(op: Operation) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const state = preparedFor(this);
		const sent = requestData.options as IHttpRequestOptions;
		// A refused input sends nothing, so it waits for no slot.
		if (state.refusal) return await failedItem(this, state.refusal, { ...state, op });
		try {
			// Waiting for an earlier item on the same record holds no limiter place.
			await state.turn?.ready;
			return await politely(this, op, async (aside) => {
				state.settings = { ...state.settings, aside };
				try {
					const items = await itemsFor(this, op, state, sent);
					return op.shapeItems ? await op.shapeItems.call(this, items) : items;
				} catch (error) {
					return await failedItem(this, error, { ...state, op });
				}
			});
		} finally {
			state.turn?.end();
		}
	};
}

/** How one operation row becomes n8n declarative routing: where each step of the request happens. */
export function routingOf(op: Operation): INodePropertyRouting {
	return {
		request: { method: op.method, url: op.path },
		send: { preSend: [prepareRequest(op)], paginate: true },
		operations: { pagination: sendRequests(op) },
	};
}
