import { operationError } from '../errors/made';
import type {
	NodeOperationError,
	NodeApiError,
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { recordItems, toSafeError } from '../output/errors';
import { failureOfItem } from '../output/items';
import { aiArguments, inToolTerms } from '../output/toolTerms';
import { NOTHING_SENT } from '../input/rules';
import { isNodeWide, PlatformRequestError } from '../platform/failure';
import { fillPath } from '../input/path';
import { isDryRun, isRepeatable, movesMoney, writeKeysOf } from '../operation/operations';
import type { Operation, OutputContext } from '../operation/operations';
import { checkShown, guessedPage, lacksRoot, RecordFailures, toRecords } from '../output/output';
import { shapeFor, shapeRecord } from '../output/simplify';
import { outputChoiceOf } from './simplify';
import { walkPages } from '../transport/pager';
import { checkInput, readInput } from '../operation/requestInput';
import type { RequestInput } from '../input/rules';
import { subjectOf } from '../operation/subject';
import { concurrencyOf, Limiter } from '../transport/limiter';
import type { Aside } from '../transport/limiter';
import { Turns } from '../transport/turns';
import {
	CREDENTIAL_TYPE,
	platformRequest,
	readCredential,
	secretsOfRequest,
} from '../transport/transport';
import type { RequestSettings } from '../transport/transport';
import { requestOptionsOf } from '../transport/requestOptions';
import { stoppedDescription, writtenOf } from './stopped';
import type { Written } from './stopped';
import { EarlierWrites } from '../transport/earlierWrites';
import { notesOf, requestOf } from './item';
import type { Item } from './item';
import {
	customerPath,
	customersOf,
	previewOf,
	senderFor,
	WouldSend,
	withCustomerIds,
} from './itemRequests';

// The largest page the query-paged listings accept (serviceType/search: limit at most 100).
const QUERY_PAGE_SIZE = 100;

/** A node's operation tables, by the value of its Resource parameter. */
export type Tables = Record<string, Operation[]>;

/**
 * One run of a node over its input items: each item's parameters read once and checked before anything is
 * sent, then every request through the one transport under the run's concurrency bound, the credential read
 * once. The node owns its item loop (docs/development/item-loop.md says why); what each
 * operation does is its row in the table.
 */
class NodeRun {
	private readonly limiter: Limiter;

	private readonly turns = new Turns();

	/** Why the node stops, by item: the first in input order is thrown once every started item has ended. */
	private readonly stops = new Map<number, Error>();

	private readonly written: Written[] = [];

	private readonly made = new Map<string, Promise<unknown>>();

	/** A failure every item would meet (a refused key), once one item has met it: nothing more is sent. */
	private nodeWide?: PlatformRequestError;

	/** What earlier tries of this node run wrote (n8n's re-runs), by the request each write was. */
	readonly earlier: EarlierWrites;

	private constructor(
		private readonly context: IExecuteFunctions,
		private readonly op: Operation,
		private readonly settings: RequestSettings,
		private readonly secrets: string[],
	) {
		this.limiter = new Limiter(concurrencyOf(settings.credentialData?.data?.maxConcurrency));
		this.earlier = EarlierWrites.of(context);
	}

	static async start(context: IExecuteFunctions, op: Operation): Promise<NodeRun> {
		const type = op.credential ?? CREDENTIAL_TYPE;
		// Read once for the run; a node that cannot read it fails at its first request, in the usual words.
		const credentialData: ICredentialsDecrypted | undefined = await readCredential(
			context,
			type,
		).catch(() => undefined);
		const settings: RequestSettings = {
			credential: op.credential,
			credentialData,
			...requestOptionsOf(context),
		};
		return new NodeRun(context, op, settings, await secretsOfRequest(context, settings));
	}

	private get stopping(): boolean {
		return this.stops.size > 0;
	}

	/**
	 * Every item's output in input order, each paired to its input. A write that stops on a failure has every
	 * item read and checked before any is sent, so a refused item stops it with nothing sent. Otherwise (a
	 * read, which changes nothing, or a run that continues past failures) items are sent as they are read, a
	 * few ahead of the requests in flight, so reading the next items overlaps waiting for the platform.
	 */
	async all(): Promise<INodeExecutionData[]> {
		const count = this.context.getInputData().length;
		const outputs: Array<Promise<INodeExecutionData[]>> = [];
		if (!this.context.continueOnFail() && !this.asTool && !isRepeatable(this.op)) {
			const items = Array.from({ length: count }, (_, index) => this.read(index));
			const refused = items.filter((item) => item.refusal);
			if (refused.length) throw this.refusedError(refused, count);
			await this.proveCustomers(items);
			if (this.stopping) throw this.stopError();
			for (const item of items) outputs.push(this.send(item));
		} else {
			const ahead = new Window(2 * this.limiter.limit);
			for (let index = 0; index < count && !this.stopping; index++) {
				const item = this.read(index);
				if (item.refusal && !this.context.continueOnFail() && !this.asTool) {
					this.stops.set(
						index,
						toSafeError(this.context.getNode(), item.refusal, index, this.secrets),
					);
					break;
				}
				outputs.push(ahead.add(this.send(item)));
				await ahead.room();
			}
		}
		const done = await Promise.all(outputs);
		const { replayed } = this.earlier;
		if (replayed)
			this.context.addExecutionHints({
				message:
					`${replayed} write${replayed === 1 ? ' was' : 's were'} made by an earlier try of this node (Retry ` +
					'On Fail, or a failed execution retried) with the same request: its answer was used, and nothing ' +
					'was sent again for it.',
				type: 'info',
				location: 'outputPane',
			});
		if (this.stopping) throw this.stopError();
		return done.flat();
	}

	/**
	 * A value made once for the run (a failed one is made again by the next item that asks). An item waiting
	 * for another's value holds no limiter place meanwhile (`aside`): the maker may need one again after a
	 * retry's wait, and with every place held by items waiting on it, the run would never end.
	 */
	private readonly once = async <T>(
		key: string,
		make: () => Promise<T>,
		aside?: Aside,
	): Promise<T> => {
		const earlier = this.made.get(key) as Promise<T> | undefined;
		if (earlier) {
			if (aside) await aside(async () => void (await earlier.catch(() => undefined)));
			return await earlier;
		}
		const made = make();
		this.made.set(key, made);
		made.catch(() => this.made.delete(key));
		return await made;
	};

	private read(index: number): Item {
		const { context, op, once } = this;
		const secrets = (input: RequestInput) =>
			(op.secretFields ?? []).map((field) => String(input.body[field] ?? ''));
		let input: RequestInput | undefined;
		try {
			input = readInput(context, op, index);
			checkInput(context, op, input, index);
			op.prepare?.(input);
			return {
				index,
				input,
				context,
				op,
				once,
				settings: this.itemSettings(index, secrets(input)),
				customers: new Map(),
				preview: isDryRun(op, input),
			};
		} catch (refusal) {
			input ??= { path: {}, body: {}, qs: {}, param: (_name, fallback) => fallback };
			const settings = this.itemSettings(index, []);
			return { index, input, context, op, once, settings, refusal, customers: new Map() };
		}
	}

	private itemSettings(itemIndex: number, secrets: string[]): RequestSettings {
		// The values of the operation's secret body fields are kept out of its errors.
		return { ...this.settings, itemIndex, secrets, earlier: this.earlier };
	}

	/**
	 * Before the first write of a run that stops on a failure: every item's customer resolved (and, where money
	 * moves, proven to exist), so that a customer the platform does not know stops the run with nothing sent,
	 * not after the items before it were charged. The resolutions are the ones the items then send with.
	 */
	private async proveCustomers(items: Item[]): Promise<void> {
		const proving = items.map(
			async (item) =>
				await this.limiter.run(async (aside) => {
					if (this.stopping) return;
					item.settings = { ...item.settings, aside };
					try {
						for (const { identity } of customersOf(item))
							if (!identity.typedDigits || movesMoney(this.op)) await identity.cid();
					} catch (error) {
						await this.failed(item, error);
					}
				}),
		);
		await Promise.all(proving);
	}

	/** The item's requests, once its turn has come and a place is free; its failure as the node would have it. */
	private async send(item: Item): Promise<INodeExecutionData[]> {
		if (item.refusal) return await this.failed(item, item.refusal);
		// Taken now, in input order, before any item waits.
		const keys = writeKeysOf(this.op, item.input);
		item.turn = keys.length ? this.turns.take(keys) : undefined;
		try {
			// Waiting for an earlier item on the same record holds no limiter place.
			await item.turn?.ready;
			if (this.stopping) return [];
			return await this.limiter.run(async (aside) => {
				if (this.stopping) return [];
				if (this.nodeWide) return await this.failed(item, this.notSent(item, this.nodeWide));
				item.settings = { ...item.settings, aside };
				try {
					const items = await itemsFor(item).catch((error: unknown) => {
						if (error instanceof WouldSend) return [previewOf(item, error.request)];
						throw error;
					});
					const shaped = this.op.shapeItems ? await this.op.shapeItems(items, item) : items;
					if (!isRepeatable(this.op) && !item.preview)
						this.written.push(writtenOf(item.index, shaped));
					return shaped;
				} catch (error) {
					return await this.failed(item, error);
				}
			});
		} finally {
			item.turn?.end();
		}
	}

	/**
	 * A failure of one item: its error item under Continue On Fail, otherwise the reason the node stops (no
	 * item is sent after it). A failure every item would meet (a refused key, a Base URL that is not the API)
	 * sends nothing more: under Continue each later item gets it as its error, unsent. It is not thrown
	 * there, since n8n would pass the input items on to the success output as if they had been written.
	 */
	private async failed(item: Item, error: unknown): Promise<INodeExecutionData[]> {
		const { context, op } = this;
		const continuing = context.continueOnFail();
		if (error instanceof RecordFailures && continuing) {
			const items = recordItems(
				context.getNode(),
				error,
				item.index,
				item.settings.secrets ?? [],
				context.getNode().onError === 'continueErrorOutput',
			);
			return items;
		}
		const secrets = [...this.secrets, ...(item.settings.secrets ?? [])];
		// The record named beside a terse answer is the user's input: the key may be typed there too.
		const subject = subjectOf(op, item.input);
		const safe = toSafeError(context.getNode(), error, item.index, secrets, subject);
		if (isNodeWide(safe) && !this.nodeWide) {
			this.nodeWide = safe as PlatformRequestError;
			context.addExecutionHints({
				message: `${safe.message}. No item was sent after it.`,
				type: 'danger',
				location: 'outputPane',
			});
		}
		if (this.asTool) return [this.toolAnswer(item, safe)];
		if (continuing) return [failureOfItem(context, safe, item.index, secrets)];
		// A write whose outcome is unknown is named by the stop, whichever item the stop is about.
		const uncertain = safe instanceof PlatformRequestError && safe.failure.uncertain === true;
		if (uncertain && !isRepeatable(op))
			this.written.push({ index: item.index, ids: [], maybe: true });
		this.stops.set(item.index, safe);
		return [];
	}

	/** A node run as an AI agent's or MCP client's tool: its type is the node's own with "Tool" after it. */
	private get asTool(): boolean {
		return this.context.getNode().type.endsWith('Tool');
	}

	/**
	 * A failure as a tool's answer: one plain sentence for the model, naming the arguments it filled, not the
	 * editor's fields (n8n would otherwise hand it "NodeOperationError: …" and details meant for the editor).
	 */
	private toolAnswer(item: Item, error: NodeApiError | NodeOperationError): INodeExecutionData {
		const { context, op } = this;
		const nothingSent = String(error.description ?? '').includes(NOTHING_SENT);
		const args = aiArguments(context.getNode().parameters);
		const sentence = inToolTerms(
			`${error.message}${nothingSent ? `. ${NOTHING_SENT}` : ''}`,
			op.fields ?? [],
			args,
		);
		const code = error.context?.errorCode;
		return {
			json: { error: sentence, ...(typeof code === 'string' ? { error_code: code } : {}) },
			pairedItem: { item: item.index },
		};
	}

	/** The node-wide failure, for an item not sent because an earlier one met it. */
	private notSent(item: Item, cause: PlatformRequestError): PlatformRequestError {
		return new PlatformRequestError(
			this.context.getNode(),
			{
				...cause.failure,
				preface:
					'Not sent: an earlier item of this run met this failure, which every item would meet.',
			},
			item.index,
		);
	}

	/**
	 * Why a write that checks every item first sends nothing: one refusal as it is, several counted, the first
	 * ten named with their reasons (as n8n numbers items, and as rows are counted), so a sync's bad rows are
	 * fixed in one go rather than one a run.
	 */
	private refusedError(refused: Item[], count: number): Error {
		const node = this.context.getNode();
		const errors = refused.map(({ refusal, index }) =>
			toSafeError(node, refusal, index, this.secrets),
		);
		if (errors.length === 1) return errors[0];
		const named = refused
			.slice(0, 10)
			.map(({ index }, at) => `[item ${index}] (row ${index + 1}) ${errors[at].message}`)
			.join('; ');
		const more = refused.length > 10 ? `; and ${refused.length - 10} more` : '';
		return operationError(
			node,
			`${refused.length} of ${count} items were refused; nothing was sent`,
			{
				itemIndex: refused[0].index,
				description:
					`${named}${more}. ${NOTHING_SENT} Fix these items, or set On Error to Continue (using error ` +
					'output) to send the others and get each refusal as an item.',
			},
		);
	}

	/** The first stop in input order, saying which items had already been written. */
	private stopError(): Error {
		const first = Math.min(...this.stops.keys());
		const error = this.stops.get(first) as Error & { description?: string | null };
		const written = stoppedDescription(this.written);
		if (written) error.description = [error.description, written].filter(Boolean).join(' ');
		return error;
	}
}

/** Items sent and not yet answered, at most `size`: reading waits for room, so it stays a few items ahead. */
class Window {
	private open = 0;

	private waiting?: () => void;

	constructor(private readonly size: number) {}

	add<T>(task: Promise<T>): Promise<T> {
		this.open++;
		return task.finally(() => {
			this.open--;
			this.waiting?.();
			this.waiting = undefined;
		});
	}

	async room(): Promise<void> {
		if (this.open < this.size) return;
		await new Promise<void>((resolve) => (this.waiting = resolve));
	}
}

/** Runs the node's operation over its input items: what every table-driven node's `execute` does. */
export async function runTables(
	context: IExecuteFunctions,
	tables: Tables,
): Promise<INodeExecutionData[][]> {
	const resource = String(context.getNodeParameter('resource', 0));
	const operation = String(context.getNodeParameter('operation', 0));
	const op = tables[resource]?.find((row) => row.value === operation);
	if (!op)
		throw operationError(
			context.getNode(),
			`The operation "${operation}" is not one of ${resource}'s`,
		);
	const run = await NodeRun.start(context, op);
	let output: INodeExecutionData[] | undefined;
	try {
		output = await run.all();
		return [output];
	} finally {
		run.earlier.settle(output);
	}
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

function limitOf({ op, input }: Item): number | undefined {
	if (!op.list || input.param('returnAll', false)) return undefined;
	// Checked (checkInput): a whole number, given as a number or as its digits.
	return Number(input.param('limit', 50));
}

function itemsOf(item: Item, records: IDataObject[]): INodeExecutionData[] {
	const { op, input, index } = item;
	const limit = limitOf(item);
	let out = limit === undefined ? records : records.slice(0, limit);
	const shape = shapeFor(op.output?.simplify, (name) => input.param(name, ''));
	if (shape) {
		const choice = outputChoiceOf(input);
		out = out.map((record) => shapeRecord(record, shape, choice));
	}
	const placeholder = out.length === 0 ? op.whenEmpty?.(input) : undefined;
	if (placeholder) out = [placeholder];
	return out.map((json) => ({ json, pairedItem: { item: index } }));
}

/** The credential the operation's answer may be compared with: the run's, or another the node holds. */
function credentialOf(item: Item) {
	return async (type: string) =>
		type === (item.op.credential ?? CREDENTIAL_TYPE) && item.settings.credentialData?.data
			? item.settings.credentialData.data
			: await item.context.getCredentials(type, item.index);
}

/**
 * The answer as items: shaped by the operation (outputOf may make further requests), one item per record.
 * A refusal the operation reads as an answer (refusalAsAnswer) becomes its item instead of a failure.
 */
async function outputItems(
	item: Item,
	answer: () => Promise<unknown>,
): Promise<INodeExecutionData[]> {
	const { op } = item;
	const output: OutputContext = {
		input: item.input,
		before: item.before,
		credential: credentialOf(item),
		request: senderFor(item),
		notes: notesOf(item),
	};
	const read = async () => {
		const body = await answer();
		checkShown(body, op.output?.shows);
		const shaped = op.outputOf ? await op.outputOf(body, output) : body;
		return itemsOf(item, toRecords(shaped, op.output));
	};
	return await read().catch(async (error: unknown) => {
		const instead = await answerInstead(op, error, output).catch(() => undefined);
		if (!instead) throw error;
		return itemsOf(item, [instead]);
	});
}

/** Every page of a paged listing, through the one pager. */
async function readPages(item: Item, sent: IHttpRequestOptions): Promise<INodeExecutionData[]> {
	const { op, input } = item;
	const output = { ...op.output, root: op.output?.root ?? 'results' };
	const pageRequest = (page: number): IHttpRequestOptions =>
		op.pageInQuery
			? { ...sent, qs: { ...sent.qs, page, limit: QUERY_PAGE_SIZE } }
			: { ...sent, url: fillPath(op.path, { ...input.path, page }) };
	const records = await walkPages(
		async (page) => {
			const body = (await platformRequest(item.context, pageRequest(page), {
				...item.settings,
				repeatable: isRepeatable(op),
			})) as IDataObject;
			// A guessed list key the page lacks: its one list of records under another key, or a failure.
			const read =
				lacksRoot(body, output.root) && output.rootGuessed
					? guessedPage(body, output.root, page)
					: body;
			return { body: read, rows: toRecords(read, output) };
		},
		{ limit: limitOf(item) },
	);
	return itemsOf(item, records);
}

/** The operation's requests for one item, and its output items. */
async function itemsFor(item: Item): Promise<INodeExecutionData[]> {
	const { op, input } = item;
	const request = senderFor(item);
	const sent = requestOf(item);
	// An operation assembled from its own requests resolves its customer itself (request.customer).
	if (!op.answerFrom) await customerPath(item, sent);
	if (op.list === 'paged') return await readPages(item, sent);
	if (op.answerFrom) {
		const assembled = await op.answerFrom(request, input, notesOf(item));
		checkShown(assembled, op.output?.shows);
		return itemsOf(item, toRecords(assembled, op.output));
	}
	if (op.beforeRequest) {
		const refuse = (message: string, description: string) =>
			operationError(item.context.getNode(), message, { itemIndex: item.index, description });
		item.before = await op.beforeRequest(request, input, refuse);
		if (op.sendBody && op.method !== 'GET')
			sent.body = op.sendBody(input, item.before) as IDataObject;
	}
	if (sent.body !== undefined) sent.body = (await withCustomerIds(item, sent.body)) as IDataObject;
	const repeatable = isRepeatable(op);
	if (item.preview && !repeatable) return [previewOf(item, sent)];
	return await outputItems(
		item,
		async () => await platformRequest(item.context, sent, { ...item.settings, repeatable }),
	);
}
