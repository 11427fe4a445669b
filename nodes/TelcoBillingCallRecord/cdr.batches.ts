import { apiError } from '../shared/errors/made';
import type {
	NodeApiError,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { errorItem, toSafeError } from '../shared/output/errors';
import { PLATFORM_MESSAGES } from '../shared/platform/envelope';
import { isRefusal, RefusedAnswer } from '../shared/platform/failure';
import { chunks, failureOfItem, requestFor } from '../shared/output/items';
import { secretsOfRequest } from '../shared/transport/transport';
import type { TryRecord } from '../shared/transport/transport';
import { cdrOf, cdrRefusal, refuse } from './cdr.records';
import { notStoredRepeat, OrigIdsOfRun, ranges, repeatRefusal } from './cdr.repeats';
import { resultsInBatchOrder } from './cdr.results';
import { heldMaybeOurs } from './cdr.single';
import { cdrSwitch } from './cdr.switches';

interface Pending {
	itemIndex: number;
	cdr: IDataObject;
}

function recordFailure(
	context: IExecuteFunctions,
	itemIndex: number,
	result: IDataObject,
	batchNote: string,
): NodeApiError {
	const message = String(result.description ?? result.message ?? 'CDR refused');
	const error = apiError(context.getNode(), { message } as JsonObject, {
		message: `${message} (orig_id ${String(result.yourid)})`,
		description: `The billing platform refused this call record.${batchNote}`,
		itemIndex,
	});
	error.context.platformMessage = message;
	return error;
}

const plural = (list: number[]) => `item${list.length === 1 ? '' : 's'} ${ranges(list)}`;

/** What the platform did with each record of a batch whose record failed: those after it count too. */
function batchNote(batch: Pending[], results: IDataObject[], laterMaySend: boolean): string {
	const stored = batch.filter((_, k) => isStored(results[k])).map((p) => p.itemIndex);
	const refused = batch.filter((_, k) => !isStored(results[k])).map((p) => p.itemIndex);
	const all = batch.map((p) => p.itemIndex);
	const storedPart = stored.length ? `stored ${plural(stored)}` : 'stored none';
	return (
		` Of its batch (${plural(all)}) the platform ${storedPart} and refused ${plural(refused)}.` +
		' Batches before it had no refused record.' +
		(laterMaySend ? ' A later batch may have been on its way too (Parallel Batches).' : '')
	);
}

const isStored = (result: IDataObject | undefined) =>
	result?.success === true || result?.success === 'true';

/**
 * Add Many: every item checked first (nothing is sent if one is bad, unless Continue On Fail), then sent
 * in batches through cdr/multiple/add, one request per batch, each result paired back to its item. Without
 * Continue On Fail the first refused record stops the node; batches already on their way still arrive. An
 * item repeating an earlier item's orig_id is not sent (cdr.repeats.ts); a held orig_id after a try whose
 * outcome is unknown may be ours or another call's, so it is never reported as stored.
 */
export async function addMany(context: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = context.getInputData();
	const secrets = await secretsOfRequest(context);
	const continueOnFail = context.continueOnFail();
	const toErrorOutput = context.getNode().onError === 'continueErrorOutput';
	const mapAutomatically = context.getNodeParameter('dataMode', 0) === 'autoMap';
	const batchSize = Math.max(1, Number(context.getNodeParameter('batchSize', 0, 500)));
	const duplicateIsSuccess = cdrSwitch(context, 'treatDuplicateAsSuccess', 0);
	const parallel = Math.max(1, Number(context.getNodeParameter('parallelBatches', 0, 2)));

	const out: INodeExecutionData[] = new Array(items.length);
	const pending: Pending[] = [];
	const origIds = new OrigIdsOfRun();
	// The same call given twice, counted once its first item's outcome is known.
	const sameCalls: Array<{ itemIndex: number; of: number; yourid: string }> = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const cdr = cdrOf(context, itemIndex, mapAutomatically ? items[itemIndex].json : undefined);
		let refusal = cdrRefusal(cdr);
		if (!refusal) {
			const repeat = origIds.repeatOf(String(cdr.orig_id), Object.values(cdr), itemIndex);
			if (repeat?.same && duplicateIsSuccess) {
				sameCalls.push({ itemIndex, of: repeat.of, yourid: String(cdr.orig_id) });
				continue;
			}
			if (repeat) refusal = repeatRefusal(String(cdr.orig_id), repeat, 'item');
		}
		if (!refusal) pending.push({ itemIndex, cdr });
		else if (continueOnFail)
			out[itemIndex] = errorItem(refuse(context, itemIndex, refusal), itemIndex, toErrorOutput);
		else throw refuse(context, itemIndex, refusal);
	}

	// Up to `parallel` batches are on their way at once; results are still handled in batch order.
	const batches = chunks(pending, batchSize);
	const outcomes: Array<Promise<{ body?: unknown; error?: unknown; record: TryRecord }>> = [];
	const send = (batch: Pending[]) => {
		const record: TryRecord = { tries: 0, waitedMs: 0, earlierMayHaveReached: false };
		// Sent again after a transient failure: the platform refuses the orig_ids it already holds.
		return requestFor(
			context,
			{
				method: 'POST',
				url: '/cdr/multiple/add',
				body: batch.map((p) => p.cdr) as unknown as IDataObject,
			},
			batch[0].itemIndex,
			secrets,
			{ repeatable: true, record },
		).then(
			(body) => ({ body, record }),
			(error: unknown) => ({ error, record }),
		);
	};
	for (let k = 0; k < batches.length; k++) {
		while (outcomes.length < batches.length && outcomes.length < k + parallel)
			outcomes.push(send(batches[outcomes.length]));
		const batch = batches[k];
		const first = batch[0].itemIndex;
		const outcome = await outcomes[k];
		const paired = outcome.error
			? undefined
			: resultsInBatchOrder(
					outcome.body,
					batch.map((p) => String(p.cdr.orig_id)),
				);
		const failure =
			typeof paired === 'string'
				? new RefusedAnswer({ message: paired }, 'unmatched')
				: outcome.error;
		if (failure || !Array.isArray(paired)) {
			if (!continueOnFail) throw toSafeError(context.getNode(), failure, first, secrets);
			for (const { itemIndex } of batch)
				out[itemIndex] = failureOfItem(context, failure, itemIndex, secrets);
			continue;
		}
		const results = paired;
		const note = () => batchNote(batch, results, parallel > 1 && k + 1 < batches.length);
		batch.forEach(({ itemIndex }, position) => {
			const result = results[position];
			const duplicate = result.description === PLATFORM_MESSAGES.cdrDuplicate;
			const maybeOurs = duplicate && outcome.record.earlierMayHaveReached;
			let failed: NodeApiError | undefined;
			if (isStored(result)) {
				out[itemIndex] = {
					json: { success: true, yourid: result.yourid, id: result.id },
					pairedItem: { item: itemIndex },
				};
			} else if (duplicate && duplicateIsSuccess) {
				out[itemIndex] = {
					json: {
						success: true,
						duplicate: true,
						yourid: result.yourid,
						...(maybeOurs && { maybeStoredByEarlierTry: true }),
					},
					pairedItem: { item: itemIndex },
				};
			} else if (maybeOurs) {
				// Stored by a try whose answer was lost, or another call's: never reported as stored.
				failed = heldMaybeOurs(
					context,
					itemIndex,
					`${PLATFORM_MESSAGES.cdrDuplicate} (orig_id ${String(result.yourid)})`,
					continueOnFail ? '' : note(),
				);
			} else {
				failed = recordFailure(context, itemIndex, result, continueOnFail ? '' : note());
			}
			if (!failed) return;
			if (!continueOnFail) throw failed;
			const item = errorItem(failed, itemIndex, toErrorOutput);
			item.json.yourid = result.yourid;
			out[itemIndex] = item;
		});
	}
	for (const { itemIndex, of, yourid } of sameCalls) {
		const earlier = out[of]?.json;
		out[itemIndex] =
			earlier?.success === true
				? {
						json: { success: true, duplicate: true, yourid, duplicateOfItem: of },
						pairedItem: { item: itemIndex },
					}
				: errorItem(
						refuse(context, itemIndex, notStoredRepeat(yourid, of)),
						itemIndex,
						toErrorOutput,
					);
	}
	return out;
}

/**
 * Get Prices: one billed call id per item, looked up in batches through cdr/getMultiplePrice. Each item
 * gets its price, or `matched: false` when the platform has no billed call with that id.
 */
export async function getPrices(context: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = context.getInputData();
	const secrets = await secretsOfRequest(context);
	const batchSize = Math.max(1, Number(context.getNodeParameter('batchSize', 0, 500)));
	const ids = items.map((_, itemIndex) =>
		String(context.getNodeParameter('billedCallId', itemIndex, '')).trim(),
	);
	const blankAt = ids.findIndex((id) => id === '');
	if (blankAt >= 0) throw refuse(context, blankAt, 'Billed Call ID (billedCallId) is required');

	const prices = new Map<string, IDataObject>();
	for (const batch of chunks([...new Set(ids)], batchSize)) {
		const first = ids.indexOf(batch[0]);
		let body: IDataObject;
		try {
			body = (await requestFor(
				context,
				{ method: 'POST', url: '/cdr/getMultiplePrice', body: batch as unknown as IDataObject },
				first,
				secrets,
			)) as IDataObject;
		} catch (error) {
			// A batch none of whose ids is billed is reported by the platform as a failure; it is an answer here.
			if (isRefusal(error, { message: PLATFORM_MESSAGES.noBilledCall })) continue;
			throw toSafeError(context.getNode(), error, first, secrets);
		}
		// An answer without its data list says nothing of these ids: a failure, never "no billed call".
		if (!Array.isArray(body?.data))
			throw toSafeError(
				context.getNode(),
				new RefusedAnswer({
					message:
						'The platform answered without the data list the spec shows, so the prices are unknown',
				}),
				first,
				secrets,
			);
		for (const record of body.data as IDataObject[]) prices.set(String(record.id), record);
	}
	return ids.map((id, itemIndex) => {
		const price = prices.get(id);
		const json: IDataObject = price
			? { ...price, price: Number(price.price), matched: true }
			: { id, matched: false, error: PLATFORM_MESSAGES.noBilledCall };
		return { json, pairedItem: { item: itemIndex } };
	});
}
