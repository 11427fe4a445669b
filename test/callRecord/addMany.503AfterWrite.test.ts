import type { IDataObject } from 'n8n-workflow';
import { useCallRecord } from '../kits/callRecord';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, cdrPosts, cdr } = useCallRecord();

const held = (origId: string) => state().cdrs.all.filter((c) => c.orig_id === origId);

/**
 * A 503 proves nothing about whether a write was applied: the spec does not say which statuses the platform
 * (or a proxy in front of it) answers ("HTTP status codes other than 200 for errors: not shown"), and the
 * simulator's `failAfterWrite` is exactly this: the route ran and stored, then HTTP 503. A CDR found held on
 * the retry may be the one that try stored, so it is reported as maybe ours (`maybeStoredByEarlierTry`),
 * never as another call's: a user told "another call holds this orig_id" would re-key the call and send it
 * again, storing it twice.
 */
describe('a CDR stored before a 503 is reported as maybe ours, never as another call’s', () => {
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
			// Before the fix: { error: 'CDR ID already exists' } (another call's), nothing more.
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
