import type { IDataObject } from 'n8n-workflow';

/**
 * A batch's per-record results in the order of its records, each found by its `yourid` (the record's
 * orig_id): the spec does not promise the answer keeps the request's order. An answer that is not one
 * result for each record sent (a result for an orig_id not in the batch, one missing, one given twice) is
 * a reason: which record was stored cannot then be told.
 */
export function resultsInBatchOrder(body: unknown, origIds: string[]): IDataObject[] | string {
	if (!Array.isArray(body)) return 'The platform answered a batch with no list of results';
	const sent = new Set(origIds);
	const byId = new Map<string, IDataObject>();
	for (const result of body as IDataObject[]) {
		const yourid = String(result?.yourid ?? '');
		if (!sent.has(yourid))
			return `The platform answered a batch with a result for orig_id ${yourid}, which the batch did not hold`;
		if (byId.has(yourid))
			return `The platform answered a batch with two results for orig_id ${yourid}`;
		byId.set(yourid, result);
	}
	const missing = origIds.find((id) => !byId.has(id));
	if (missing !== undefined)
		return `The platform answered a batch without a result for orig_id ${missing}`;
	return origIds.map((id) => byId.get(id)!);
}
