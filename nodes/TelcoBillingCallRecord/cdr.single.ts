import { apiError } from '../shared/errors/made';
import type {
	NodeApiError,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { PLATFORM_MESSAGES } from '../shared/platform/envelope';
import { toSafeError } from '../shared/output/errors';
import { isRefusal } from '../shared/platform/failure';
import { asItems, eachItem, requestFor } from '../shared/output/items';
import { toRecords } from '../shared/output/output';
import type { TryRecord } from '../shared/transport/transport';
import { cdrOf, cdrRefusal, refuse } from './cdr.records';
import { MAYBE_OURS, notStoredRepeat, OrigIdsOfRun, repeatRefusal } from './cdr.repeats';
import { cdrSwitch } from './cdr.switches';

type Read = (
	context: IExecuteFunctions,
	itemIndex: number,
) => { url: string; root?: string; numbers?: string[] };

/** An operation that reads one answer per item: what to ask, and which of the answer is output. */
export function readPerItem(read: Read) {
	return async (context: IExecuteFunctions): Promise<INodeExecutionData[]> =>
		await eachItem(context, async (itemIndex, secrets) => {
			const { url, root, numbers } = read(context, itemIndex);
			const body = await requestFor(context, { method: 'GET', url }, itemIndex, secrets);
			return asItems(toRecords(body, { root, numbers }));
		});
}

/**
 * Add: one CDR per item through cdr/add. Sending it again after a transient failure is harmless (the
 * platform refuses an orig_id it holds). A held orig_id after a try whose outcome is unknown may be ours
 * or another call's, so it is never reported as stored; an item repeating an earlier item's orig_id is
 * not sent (cdr.repeats.ts).
 */
export async function addOne(context: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const mapAutomatically = context.getNodeParameter('dataMode', 0) === 'autoMap';
	const items = context.getInputData();
	const duplicateIsSuccess = cdrSwitch(context, 'treatDuplicateAsSuccess', 0);
	const origIds = new OrigIdsOfRun();
	// Items whose orig_id the platform now holds for them (stored, or a duplicate counted as success).
	const held = new Set<number>();
	return await eachItem(context, async (itemIndex, secrets) => {
		const cdr = cdrOf(context, itemIndex, mapAutomatically ? items[itemIndex].json : undefined);
		const refusal = cdrRefusal(cdr);
		if (refusal) throw refuse(context, itemIndex, refusal);
		const origId = String(cdr.orig_id);
		const repeat = origIds.repeatOf(origId, Object.values(cdr), itemIndex);
		if (repeat) {
			if (repeat.same && duplicateIsSuccess && held.has(repeat.of))
				return asItems([
					{ success: true, duplicate: true, yourid: origId, duplicateOfItem: repeat.of },
				]);
			const why =
				repeat.same && duplicateIsSuccess
					? notStoredRepeat(origId, repeat.of)
					: repeatRefusal(origId, repeat, 'item');
			throw refuse(context, itemIndex, why);
		}
		const record: TryRecord = { tries: 0, waitedMs: 0, earlierMayHaveReached: false };
		try {
			const body = (await requestFor(
				context,
				{ method: 'POST', url: '/cdr/add', body: cdr },
				itemIndex,
				secrets,
				{ repeatable: true, record },
			)) as IDataObject;
			held.add(itemIndex);
			return asItems([{ success: true, yourid: body.yourid, id: body.id }]);
		} catch (error) {
			const duplicate = isRefusal(error, { message: PLATFORM_MESSAGES.cdrDuplicate });
			const maybeOurs = duplicate && record.earlierMayHaveReached;
			if (duplicate && duplicateIsSuccess) {
				held.add(itemIndex);
				return asItems([
					{
						success: true,
						duplicate: true,
						yourid: origId,
						...(maybeOurs && { maybeStoredByEarlierTry: true }),
					},
				]);
			}
			if (maybeOurs) throw heldMaybeOurs(context, itemIndex, PLATFORM_MESSAGES.cdrDuplicate);
			throw toSafeError(context.getNode(), error, itemIndex, secrets);
		}
	});
}

/** A held orig_id after a try whose outcome is unknown: a failure, whose description says it may be ours. */
export function heldMaybeOurs(
	context: IExecuteFunctions,
	itemIndex: number,
	message: string,
	batchNote = '',
): NodeApiError {
	const error = apiError(context.getNode(), { message } as JsonObject, {
		message,
		description: `${MAYBE_OURS}${batchNote}`,
		itemIndex,
	});
	error.context.platformMessage = PLATFORM_MESSAGES.cdrDuplicate;
	error.context.maybeStoredByEarlierTry = true;
	return error;
}
