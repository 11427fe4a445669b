import type { IDataObject } from 'n8n-workflow';
import { useCallRecord } from '../kits/callRecord';
import { jsonOf } from '../harness/nodeRunner';
import { reorderingProxy } from '../harness/reorderProxy';
const { node, state, cdr } = useCallRecord();

const held = (origId: string) => state().cdrs.all.filter((c) => c.orig_id === origId);

/**
 * cdr/multiple/add answers "Array of per-record results, in the same shape as the single add", each with
 * `yourid` (the caller's orig_id); the spec does not say the array keeps the request's order.
 * cdr.batches.ts pairs result `position` with item `position` and never compares `yourid` with the item's
 * orig_id, so an answer in another order (here reversed by a pass-through proxy) reports the wrong items
 * stored: the item whose call was refused is output as stored, and the stored one as refused.
 */
test('Add Many pairs each result with its item by yourid, not by position', async () => {
	// Another call already holds 'taken'.
	await node.run(
		{ operation: 'addMany', dataMode: 'autoMap' },
		{ input: [cdr({ orig_id: 'taken' })] },
	);
	const proxy = await reorderingProxy(
		() => node.sim().url,
		(method, url) => method === 'POST' && url.endsWith('/cdr/multiple/add'),
	);
	try {
		const result = await node.run(
			{ operation: 'addMany', dataMode: 'autoMap' },
			{
				input: [cdr({ orig_id: 'fresh', destination: '0311110000' }), cdr({ orig_id: 'taken' })],
				continueOnFail: true,
				baseUrl: proxy.url,
			},
		);
		expect(held('fresh')).toHaveLength(1);
		const [first, second] = jsonOf(result) as IDataObject[];
		// Paired by position it output item 0 (stored) as {error: 'CDR ID already exists', yourid: 'taken'},
		// item 1 (refused) as {success: true, yourid: 'fresh'}.
		expect(first).toMatchObject({ success: true, yourid: 'fresh' });
		expect(second).toMatchObject({ error: 'CDR ID already exists' });
	} finally {
		await proxy.close();
	}
});

test('Add Many: an answer naming one record twice is a failure for the batch, none reported stored', async () => {
	const proxy = await reorderingProxy(
		() => node.sim().url,
		undefined,
		(list) => [list[0], list[0]],
	);
	try {
		const result = await node.run(
			{ operation: 'addMany', dataMode: 'autoMap' },
			{
				input: [cdr({ orig_id: 'one' }), cdr({ orig_id: 'two' })],
				continueOnFail: true,
				baseUrl: proxy.url,
			},
		);
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ error: expect.stringMatching(/two results for orig_id one/) }),
			expect.objectContaining({ error: expect.stringMatching(/two results for orig_id one/) }),
		]);
	} finally {
		await proxy.close();
	}
});
