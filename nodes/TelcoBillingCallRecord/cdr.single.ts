import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { PLATFORM_MESSAGES } from '../shared/platform/envelope';
import { toSafeError } from '../shared/output/errors';
import { isRefusal } from '../shared/platform/failure';
import { asItems, eachItem, requestFor } from '../shared/output/items';
import { toRecords } from '../shared/output/output';
import type { TryRecord } from '../shared/transport/transport';
import { cdrOf, cdrRefusal, refuse } from './cdr.records';

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
 * platform refuses an orig_id it holds), and a CDR found there after such a try is the one this item sent.
 */
export async function addOne(context: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const mapAutomatically = context.getNodeParameter('dataMode', 0) === 'autoMap';
	const items = context.getInputData();
	const duplicateIsSuccess = context.getNodeParameter(
		'treatDuplicateAsSuccess',
		0,
		false,
	) as boolean;
	return await eachItem(context, async (itemIndex, secrets) => {
		const cdr = cdrOf(context, itemIndex, mapAutomatically ? items[itemIndex].json : undefined);
		const refusal = cdrRefusal(cdr);
		if (refusal) throw refuse(context, itemIndex, refusal);
		const record: TryRecord = { tries: 0, waitedMs: 0, earlierMayHaveReached: false };
		try {
			const body = (await requestFor(
				context,
				{ method: 'POST', url: '/cdr/add', body: cdr },
				itemIndex,
				secrets,
				{ repeatable: true, record },
			)) as IDataObject;
			return asItems([{ success: true, yourid: body.yourid, id: body.id }]);
		} catch (error) {
			const duplicate = isRefusal(error, { message: PLATFORM_MESSAGES.cdrDuplicate });
			if (duplicate && record.earlierMayHaveReached)
				return asItems([{ success: true, yourid: cdr.orig_id, storedOnEarlierTry: true }]);
			if (duplicate && duplicateIsSuccess)
				return asItems([{ success: true, duplicate: true, yourid: cdr.orig_id }]);
			throw toSafeError(context.getNode(), error, itemIndex, secrets);
		}
	});
}
