import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { errorItem, toSafeError } from '../shared/output/errors';
import { PLATFORM_MESSAGES } from '../shared/platform/envelope';
import { isRefusal } from '../shared/platform/failure';
import { chunks, failureOfItem, requestFor } from '../shared/output/items';
import { secretsOfRequest } from '../shared/transport/transport';
import type { TryRecord } from '../shared/transport/transport';
import { cdrOf, cdrRefusal, refuse } from './cdr.records';

interface Pending {
	itemIndex: number;
	cdr: IDataObject;
}

function recordFailure(
	context: IExecuteFunctions,
	itemIndex: number,
	result: IDataObject,
): NodeApiError {
	const message = String(result.description ?? result.message ?? 'CDR refused');
	const error = new NodeApiError(context.getNode(), { message } as JsonObject, {
		message: `${message} (orig_id ${String(result.yourid)})`,
		description:
			'The billing platform refused this call record; records before it in the batch were stored.',
		itemIndex,
	});
	error.context.platformMessage = message;
	return error;
}

/**
 * Add Many: every item checked first (nothing is sent if one is bad, unless Continue On Fail), then sent
 * in batches through cdr/multiple/add, one request per batch, each result paired back to its item. Without
 * Continue On Fail the first refused record stops the node; batches already on their way still arrive.
 */
export async function addMany(context: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = context.getInputData();
	const secrets = await secretsOfRequest(context);
	const continueOnFail = context.continueOnFail();
	const toErrorOutput = context.getNode().onError === 'continueErrorOutput';
	const mapAutomatically = context.getNodeParameter('dataMode', 0) === 'autoMap';
	const batchSize = Math.max(1, Number(context.getNodeParameter('batchSize', 0, 500)));
	const duplicateIsSuccess = context.getNodeParameter(
		'treatDuplicateAsSuccess',
		0,
		false,
	) as boolean;
	const parallel = Math.max(1, Number(context.getNodeParameter('parallelBatches', 0, 2)));

	const out: INodeExecutionData[] = new Array(items.length);
	const pending: Pending[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const cdr = cdrOf(context, itemIndex, mapAutomatically ? items[itemIndex].json : undefined);
		const refusal = cdrRefusal(cdr);
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
		let failure = outcome.error;
		if (!failure && (!Array.isArray(outcome.body) || outcome.body.length !== batch.length)) {
			failure = new Error('The platform answered a batch with a different number of results');
		}
		if (failure) {
			if (!continueOnFail) throw toSafeError(context.getNode(), failure, first, secrets);
			for (const { itemIndex } of batch)
				out[itemIndex] = failureOfItem(context, failure, itemIndex, secrets);
			continue;
		}
		const results = outcome.body as IDataObject[];
		batch.forEach(({ itemIndex }, position) => {
			const result = results[position];
			const ok = result.success === true || result.success === 'true';
			const duplicate = result.description === PLATFORM_MESSAGES.cdrDuplicate;
			if (ok) {
				out[itemIndex] = {
					json: { success: true, yourid: result.yourid, id: result.id },
					pairedItem: { item: itemIndex },
				};
			} else if (duplicate && outcome.record.earlierMayHaveReached) {
				// This batch's own row, stored by a try whose answer was lost.
				out[itemIndex] = {
					json: { success: true, yourid: result.yourid, storedOnEarlierTry: true },
					pairedItem: { item: itemIndex },
				};
			} else if (duplicateIsSuccess && result.description === PLATFORM_MESSAGES.cdrDuplicate) {
				out[itemIndex] = {
					json: { success: true, duplicate: true, yourid: result.yourid },
					pairedItem: { item: itemIndex },
				};
			} else if (continueOnFail) {
				const failed = errorItem(
					recordFailure(context, itemIndex, result),
					itemIndex,
					toErrorOutput,
				);
				failed.json.yourid = result.yourid;
				out[itemIndex] = failed;
			} else {
				throw recordFailure(context, itemIndex, result);
			}
		});
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
		for (const record of (body.data as IDataObject[]) ?? []) prices.set(String(record.id), record);
	}
	return ids.map((id, itemIndex) => {
		const price = prices.get(id);
		const json: IDataObject = price
			? { ...price, price: Number(price.price), matched: true }
			: { id, matched: false, error: PLATFORM_MESSAGES.noBilledCall };
		return { json, pairedItem: { item: itemIndex } };
	});
}
