import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { operationError } from '../errors/made';
import { NOTHING_SENT } from '../input/rules';
import { isRepeatable } from '../operation/operations';
import type { Operation } from '../operation/operations';
import { subjectOf } from '../operation/subject';
import { recordItems, toSafeError } from '../output/errors';
import { failureOfItem } from '../output/items';
import { RecordFailures } from '../output/output';
import { isNodeWide, PlatformRequestError } from '../platform/failure';
import type { Item } from './item';
import { stoppedDescription } from './stopped';
import type { Written } from './stopped';
import { runsAsTool, toolAnswer } from './toolAnswer';

/**
 * What a node run does with failures: an item's failure becomes its error item under Continue On Fail, a tool's
 * sentence as an AI tool, and otherwise the reason the node stops (no item is sent after it; the first stop in
 * input order is thrown once every started item has ended, naming what had already been written). A failure every
 * item would meet (a refused key, a Base URL that is not the API) sends nothing more: under Continue each later
 * item gets it as its error, unsent. It is not thrown there, since n8n would pass the input items on to the success
 * output as if they had been written.
 */
export class RunFailures {
	/** Why the node stops, by item. */
	private readonly stops = new Map<number, Error>();

	/** What the run's items wrote, for a stop to name. */
	readonly written: Written[] = [];

	/** A failure every item would meet, once one item has met it. */
	nodeWide?: PlatformRequestError;

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly op: Operation,
		private readonly secrets: string[],
	) {}

	get stopping(): boolean {
		return this.stops.size > 0;
	}

	/** A refusal of an item read before anything was sent: the run stops there. */
	stopAt(item: Item): void {
		this.stops.set(
			item.index,
			toSafeError(this.context.getNode(), item.refusal, item.index, this.secrets),
		);
	}

	/** An item's failure, as the node's On Error setting and tool mode have it. */
	async failed(item: Item, error: unknown): Promise<INodeExecutionData[]> {
		const { context, op } = this;
		const continuing = context.continueOnFail();
		if (error instanceof RecordFailures && continuing)
			return recordItems(
				context.getNode(),
				error,
				item.index,
				item.settings.secrets ?? [],
				context.getNode().onError === 'continueErrorOutput',
			);
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
		if (runsAsTool(context)) return [toolAnswer(context, op, item.index, safe)];
		if (continuing) return [failureOfItem(context, safe, item.index, secrets)];
		// A write whose outcome is unknown is named by the stop, whichever item the stop is about.
		const uncertain = safe instanceof PlatformRequestError && safe.failure.uncertain === true;
		if (uncertain && !isRepeatable(op))
			this.written.push({ index: item.index, ids: [], maybe: true });
		this.stops.set(item.index, safe);
		return [];
	}

	/** The node-wide failure, for an item not sent because an earlier one met it. */
	notSent(item: Item): PlatformRequestError {
		return new PlatformRequestError(
			this.context.getNode(),
			{
				...this.nodeWide!.failure,
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
	refused(refused: Item[], count: number): Error {
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
	stopError(): Error {
		const first = Math.min(...this.stops.keys());
		const error = this.stops.get(first) as Error & { description?: string | null };
		const written = stoppedDescription(this.written);
		if (written) error.description = [error.description, written].filter(Boolean).join(' ');
		return error;
	}
}
