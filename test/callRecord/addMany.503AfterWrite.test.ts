import type { IDataObject } from 'n8n-workflow';
import { useCallRecord } from '../kits/callRecord';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, cdrPosts, cdr } = useCallRecord();

const held = (origId: string) => state().cdrs.all.filter((c) => c.orig_id === origId);

/**
 * A 503 is taken as proof that nothing was applied (retry.ts outcomeUnknown: "never a 429 or 503"), so a
 * CDR found held on the retry is reported as another call's. The spec does not say which statuses the
 * platform (or a proxy in front of it) answers ("HTTP status codes other than 200 for errors: not shown"),
 * and the simulator's own `failAfterWrite` is exactly this: the route ran and stored, then HTTP 503. The
 * node's own writes treat a 503 as "may have been carried out" (mayHaveApplied). Here the CDR the item sent
 * IS stored, yet Add / Add Many report it as refused with "CDR ID already exists" (another call's), and with
 * Treat Duplicate as Success without `maybeStoredByEarlierTry`. A user told "another call holds this
 * orig_id" re-keys the call and sends it again: stored twice.
 */
describe('a CDR stored before a 503 is reported as another call’s', () => {
	for (const operation of ['add', 'addMany']) {
		test(`${operation}: the stored CDR is not reported as a plain refusal`, async () => {
			node.sim().faults.push('failAfterWrite');
			const result = await node.run(
				{ operation, dataMode: 'autoMap' },
				{ input: [cdr({ orig_id: `faw-${operation}` })], continueOnFail: true },
			);
			// It is stored, once, with the item's fields.
			expect(held(`faw-${operation}`)).toHaveLength(1);
			expect(cdrPosts()).toHaveLength(2);
			// What the node says: { error: 'CDR ID already exists' } (another call's), nothing more.
			const out = jsonOf(result)[0] as IDataObject;
			expect(
				out.error === 'CDR ID already exists' && out.maybeStoredByEarlierTry === undefined,
			).toBe(false);
		});

		test(`${operation} with Treat Duplicate as Success: marked maybeStoredByEarlierTry, as after a reset`, async () => {
			node.sim().faults.push('failAfterWrite');
			const result = await node.run(
				{ operation, dataMode: 'autoMap', treatDuplicateAsSuccess: true },
				{ input: [cdr({ orig_id: `fawd-${operation}` })], continueOnFail: true },
			);
			expect(held(`fawd-${operation}`)).toHaveLength(1);
			expect(jsonOf(result)).toEqual([
				expect.objectContaining({ duplicate: true, maybeStoredByEarlierTry: true }),
			]);
		});
	}
});
