import { useCallRecord } from '../kits/callRecord';
import type { IDataObject } from 'n8n-workflow';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, cdrPosts, cdr } = useCallRecord();

describe('Add Many (batched)', () => {
	test('N items make ceil(N / batch size) requests, each result paired to its item', async () => {
		const input = Array.from({ length: 1234 }, () => cdr());
		const result = await node.run(
			{ operation: 'addMany', dataMode: 'autoMap', batchSize: 500 },
			{ input },
		);
		expect(cdrPosts()).toHaveLength(3);
		expect(result.items).toHaveLength(1234);
		expect(result.items.map((i) => i.pairedItem)).toEqual(input.map((_, item) => ({ item })));
		expect(jsonOf(result).map((r) => r.yourid)).toEqual(input.map((c) => c.orig_id));
		expect(state().cdrs.all).toHaveLength(1234);
	});

	test('a mixed batch: with Continue On Fail each item gets its own success or error', async () => {
		await node.run(
			{ operation: 'addMany', dataMode: 'autoMap' },
			{ input: [cdr({ orig_id: 'M-2' })] },
		);
		const result = await node.run(
			{ operation: 'addMany', dataMode: 'autoMap', batchSize: 10 },
			{
				continueOnFail: true,
				input: [
					cdr({ orig_id: 'M-1' }),
					cdr({ orig_id: 'M-2' }),
					cdr({ orig_id: 'M-3', direction: 'up' }),
					cdr({ orig_id: 'M-4' }),
				],
			},
		);
		expect(jsonOf(result)).toEqual([
			{ success: true, yourid: 'M-1', id: expect.any(String) },
			{ error: 'CDR ID already exists', yourid: 'M-2' },
			{ error: 'Direction (direction) must be inbound or outbound' },
			{ success: true, yourid: 'M-4', id: expect.any(String) },
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(cdrPosts()).toHaveLength(2);
	});

	test('Treat Duplicate as Success makes re-running an import idempotent', async () => {
		const input = Array.from({ length: 20 }, () => cdr());
		await node.run({ operation: 'addMany', dataMode: 'autoMap', batchSize: 7 }, { input });
		const rerun = await node.run(
			{ operation: 'addMany', dataMode: 'autoMap', batchSize: 7, treatDuplicateAsSuccess: true },
			{ input },
		);
		expect(rerun.error).toBeUndefined();
		expect(jsonOf(rerun).every((r) => r.success === true && r.duplicate === true)).toBe(true);
		expect(state().cdrs.all).toHaveLength(20);
	});

	test('one bad item without Continue On Fail: nothing at all is sent', async () => {
		const input = [cdr(), cdr(), cdr({ startdate: 'soon' })];
		const result = await node.run({ operation: 'addMany', dataMode: 'autoMap' }, { input });
		expect(result.error?.message).toMatch(/^Start Date \(startdate\) must be a real date/);
		expect(result.error?.context?.itemIndex).toBe(2);
		expect(node.sim().requests).toEqual([]);
	});

	test('with Parallel Batches 1, a refused record without Continue On Fail stops before the next batch', async () => {
		await node.run(
			{ operation: 'addMany', dataMode: 'autoMap' },
			{ input: [cdr({ orig_id: 'S-2' })] },
		);
		const input = [
			cdr({ orig_id: 'S-1' }),
			cdr({ orig_id: 'S-2' }),
			cdr({ orig_id: 'S-3' }),
			cdr({ orig_id: 'S-4' }),
		];
		const result = await node.run(
			{ operation: 'addMany', dataMode: 'autoMap', batchSize: 2, parallelBatches: 1 },
			{ input },
		);
		expect(result.error?.message).toBe('CDR ID already exists (orig_id S-2)');
		expect(state().cdrs.all.map((c) => c.orig_id)).toEqual(['S-2', 'S-1']);
	});

	test('with two batches in flight, results still come back in item order, one request per batch', async () => {
		const input = Array.from({ length: 45 }, () => cdr());
		const result = await node.run(
			{ operation: 'addMany', dataMode: 'autoMap', batchSize: 10, parallelBatches: 2 },
			{ input },
		);
		expect(cdrPosts()).toHaveLength(5);
		expect(jsonOf(result).map((r) => r.yourid)).toEqual(input.map((c) => c.orig_id));
		expect(result.items.map((i) => i.pairedItem)).toEqual(input.map((_, item) => ({ item })));
	});
});

describe('numbers in Add Many', () => {
	test('numbers given as text are sent as numbers', async () => {
		const result = await node.run(
			{ operation: 'addMany', dataMode: 'autoMap' },
			{ input: [cdr({ duration: '65', billsec: '60', cost: '1.5' })] },
		);
		expect(result.error).toBeUndefined();
		expect((node.sim().requests[0].body as IDataObject[])[0]).toMatchObject({
			duration: 65,
			billsec: 60,
			cost: 1.5,
		});
	});

	test('a cost that is not a number is refused before anything is sent, as Import File refuses it', async () => {
		const result = await node.run(
			{ operation: 'addMany', dataMode: 'autoMap' },
			{ input: [cdr(), cdr({ cost: 'n/a' })] },
		);
		expect(result.error?.message).toBe('Cost (cost) must be a number');
		expect(node.sim().requests).toEqual([]);
	});
});
