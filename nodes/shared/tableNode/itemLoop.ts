import type { ICredentialsDecrypted, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { getOwn } from '../input/keys';
import { operationError } from '../errors/made';
import type { RequestInput } from '../input/rules';
import { isDryRun, isRepeatable, movesMoney, writeKeysOf } from '../operation/operations';
import type { Operation } from '../operation/operations';
import { checkInput, readInput } from '../operation/requestInput';
import { EarlierWrites } from '../transport/earlierWrites';
import { concurrencyOf, Limiter } from '../transport/limiter';
import type { Aside } from '../transport/limiter';
import { requestOptionsOf } from '../transport/requestOptions';
import { CREDENTIAL_TYPE, readCredential, secretsOfRequest } from '../transport/transport';
import type { RequestSettings } from '../transport/transport';
import { Turns } from '../transport/turns';
import { RunFailures } from './failurePolicy';
import type { Item } from './item';
import { customersOf } from './itemRequests';
import { itemsFor } from './requestPath';
import { writtenOf } from './stopped';
import { runsAsTool } from './toolAnswer';

/** A node's operation tables, by the value of its Resource parameter. */
export type Tables = Record<string, Operation[]>;

/**
 * One run of a node over its input items: when each item is read, checked and sent. Each item's parameters are
 * read once and checked before anything is sent, then every request goes through the one transport under the
 * run's concurrency bound, the credential read once. The node owns its item loop (docs/development/item-loop.md
 * says why); what each operation does is its row in the table, what a request does is tableNode/requestPath.ts,
 * and what a failure does is tableNode/failurePolicy.ts.
 */
class NodeRun {
	private readonly limiter: Limiter;

	private readonly turns = new Turns();

	private readonly made = new Map<string, Promise<unknown>>();

	private readonly failures: RunFailures;

	/** What earlier tries of this node run wrote (n8n's re-runs), by the request each write was. */
	readonly earlier: EarlierWrites;

	private constructor(
		private readonly context: IExecuteFunctions,
		private readonly op: Operation,
		private readonly settings: RequestSettings,
		secrets: string[],
	) {
		this.limiter = new Limiter(concurrencyOf(settings.credentialData?.data?.maxConcurrency));
		this.earlier = EarlierWrites.of(context);
		this.failures = new RunFailures(context, op, secrets);
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

	/**
	 * Every item's output in input order, each paired to its input. A write that stops on a failure has every
	 * item read and checked before any is sent, so a refused item stops it with nothing sent. Otherwise (a
	 * read, which changes nothing, or a run that continues past failures) items are sent as they are read, a
	 * few ahead of the requests in flight, so reading the next items overlaps waiting for the platform.
	 */
	async all(): Promise<INodeExecutionData[]> {
		const { context, failures } = this;
		const count = context.getInputData().length;
		const outputs: Array<Promise<INodeExecutionData[]>> = [];
		const asTool = runsAsTool(context);
		if (!context.continueOnFail() && !asTool && !isRepeatable(this.op)) {
			const items = Array.from({ length: count }, (_, index) => this.read(index));
			const refused = items.filter((item) => item.refusal);
			if (refused.length) throw failures.refused(refused, count);
			await this.proveCustomers(items);
			if (failures.stopping) throw failures.stopError();
			for (const item of items) outputs.push(this.send(item));
		} else {
			const ahead = new Window(2 * this.limiter.limit);
			for (let index = 0; index < count && !failures.stopping; index++) {
				const item = this.read(index);
				if (item.refusal && !context.continueOnFail() && !asTool) {
					failures.stopAt(item);
					break;
				}
				outputs.push(ahead.add(this.send(item)));
				await ahead.room();
			}
		}
		const done = await Promise.all(outputs);
		const { replayed } = this.earlier;
		if (replayed)
			context.addExecutionHints({
				message:
					`${replayed} write${replayed === 1 ? ' was' : 's were'} made by an earlier try of this node (Retry ` +
					'On Fail, or a failed execution retried) with the same request: its answer was used, and nothing ' +
					'was sent again for it.',
				type: 'info',
				location: 'outputPane',
			});
		if (failures.stopping) throw failures.stopError();
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
					if (this.failures.stopping) return;
					item.settings = { ...item.settings, aside };
					try {
						for (const { identity } of customersOf(item))
							if (!identity.typedDigits || movesMoney(this.op)) await identity.cid();
					} catch (error) {
						await this.failures.failed(item, error);
					}
				}),
		);
		await Promise.all(proving);
	}

	/** The item's requests, once its turn has come and a place is free; its failure as the node would have it. */
	private async send(item: Item): Promise<INodeExecutionData[]> {
		const { failures } = this;
		if (item.refusal) return await failures.failed(item, item.refusal);
		// Taken now, in input order, before any item waits.
		const keys = writeKeysOf(this.op, item.input);
		item.turn = keys.length ? this.turns.take(keys) : undefined;
		try {
			// Waiting for an earlier item on the same record holds no limiter place.
			await item.turn?.ready;
			if (failures.stopping) return [];
			return await this.limiter.run(async (aside) => {
				if (failures.stopping) return [];
				if (failures.nodeWide) return await failures.failed(item, failures.notSent(item));
				item.settings = { ...item.settings, aside };
				try {
					const items = await itemsFor(item);
					const shaped = this.op.shapeItems ? await this.op.shapeItems(items, item) : items;
					if (!isRepeatable(this.op) && !item.preview)
						failures.written.push(writtenOf(item.index, shaped));
					return shaped;
				} catch (error) {
					return await failures.failed(item, error);
				}
			});
		} finally {
			item.turn?.end();
		}
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
	// Resource may be an expression: only the node's own tables are looked in, never Object's members.
	const op = getOwn(tables, resource)?.find((row) => row.value === operation);
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
