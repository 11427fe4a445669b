import { useCallRecord } from '../kits/callRecord';
import type { IDataObject } from 'n8n-workflow';
import { jsonOf } from '../harness/nodeRunner';

const { node, state, cdrPosts, cdr } = useCallRecord();

describe('Add (one CDR per item)', () => {
	test('maps the item, converts an ISO start date and stores the CDR', async () => {
		const result = await node.run(
			{ operation: 'add', dataMode: 'autoMap' },
			{
				input: [
					cdr({ orig_id: 'A-1', startdate: '2026-11-20T09:15:30.000+11:00', unrelated: 'x' }),
				],
			},
		);
		expect(jsonOf(result)).toEqual([{ success: true, yourid: 'A-1', id: expect.any(String) }]);
		expect(state().cdrs.all).toEqual([
			expect.objectContaining({
				orig_id: 'A-1',
				startdate: '2026-11-20 09:15:30',
				source: 'demo-switch',
			}),
		]);
	});

	test('Define Below takes the fields from the node (a date picker value included)', async () => {
		const result = await node.run(
			{
				operation: 'add',
				dataMode: 'define',
				orig_id: '={{ $json.ref }}',
				startdate: '2026-11-21T08:00:00',
				callerid: '0412346601',
				direction: 'inbound',
				destination: '1800123456',
				additionalFields: { billsec: 30, privacy_flag: true },
			},
			{ input: [{ ref: 'D-1' }] },
		);
		expect(result.error).toBeUndefined();
		expect(state().cdrs.all[0]).toMatchObject({
			orig_id: 'D-1',
			startdate: '2026-11-21 08:00:00',
			direction: 'inbound',
			billsec: 30,
			privacy_flag: 1,
		});
	});

	test('a duplicate is an error, or a success with Treat Duplicate as Success', async () => {
		await node.run({ operation: 'add', dataMode: 'autoMap' }, { input: [cdr({ orig_id: 'DUP' })] });
		const again = await node.run(
			{ operation: 'add', dataMode: 'autoMap' },
			{ input: [cdr({ orig_id: 'DUP' })] },
		);
		expect(again.error?.message).toBe('CDR ID already exists');
		const tolerant = await node.run(
			{ operation: 'add', dataMode: 'autoMap', treatDuplicateAsSuccess: true },
			{ input: [cdr({ orig_id: 'DUP' })] },
		);
		expect(jsonOf(tolerant)).toEqual([{ success: true, duplicate: true, yourid: 'DUP' }]);
		expect(state().cdrs.all.filter((c) => c.orig_id === 'DUP')).toHaveLength(1);
	});

	test.each([
		[{ orig_id: '' }, 'Original ID (orig_id) is required'],
		[{ startdate: undefined }, 'Start Date (startdate) is required'],
		[{ callerid: ' ' }, 'Caller ID (callerid) is required'],
		[{ direction: 'sideways' }, 'Direction (direction) must be inbound or outbound'],
		[{ destination: null }, 'Destination (destination) is required'],
		[
			{ startdate: '2026-02-30 10:00:00' },
			'Start Date (startdate) must be a real date and time, as YYYY-MM-DD HH:MM:SS or ISO 8601',
		],
		[
			{ startdate: 'yesterday' },
			'Start Date (startdate) must be a real date and time, as YYYY-MM-DD HH:MM:SS or ISO 8601',
		],
		[{ billsec: -3 }, 'Billable Seconds (billsec) must be a whole number of seconds, 0 or more'],
	])('refuses %j before any request: %s', async (overrides, message) => {
		const result = await node.run(
			{ operation: 'add', dataMode: 'autoMap' },
			{ input: [cdr(overrides as IDataObject)] },
		);
		expect(result.error?.message).toBe(message);
		expect(node.sim().requests).toEqual([]);
	});
});

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

describe('a key without cdr_source', () => {
	test.each([
		[{ operation: 'add', dataMode: 'autoMap' }],
		[{ operation: 'addMany', dataMode: 'autoMap' }],
		[{ operation: 'getPrices', billedCallId: '1' }],
	])('%j is refused by the platform with a clear failure', async (parameters) => {
		const result = await node.run(parameters, { apiKey: 'demo-key-nocdr', input: [cdr()] });
		expect(result.error?.message).toBe('cdr_source is not set for this key');
		expect(state().cdrs.all).toEqual([]);
	});
});

describe('status, prices and exports', () => {
	test('Get Import Status and Get Rating Status report the latest dates per source', async () => {
		state().cdrs.ratingMode = 'manual';
		await node.run(
			{ operation: 'addMany', dataMode: 'autoMap' },
			{
				input: [
					cdr({ startdate: '2026-11-20 11:00:00' }),
					cdr({ startdate: '2026-11-20 12:30:00' }),
				],
			},
		);
		const imported = await node.run({ operation: 'getImportStatus' });
		expect(jsonOf(imported)).toEqual([
			{ source: 'demo-switch', latest_date: '2026-11-20 12:30:00' },
		]);
		const rated = await node.run({ operation: 'getRatingStatus' });
		expect(jsonOf(rated)).toEqual([{ source: 'demo-switch', latest_date: '2026-11-01 00:00:00' }]);
		state().cdrs.rate();
		expect(jsonOf(await node.run({ operation: 'getRatingStatus' }))).toEqual([
			{ source: 'demo-switch', latest_date: '2026-11-20 12:30:00' },
		]);
	});

	test('Get Price of a billed call, and of an unknown one', async () => {
		const added = await node.run(
			{ operation: 'add', dataMode: 'autoMap' },
			{ input: [cdr({ billsec: 61 })] },
		);
		const id = String(jsonOf(added)[0].id);
		const price = await node.run({ operation: 'getPrice', billedCallId: id });
		expect(jsonOf(price)).toEqual([{ id, ratecode: 'MOB', rate_name: 'Mobile', price: 0.46 }]);
		const unknown = await node.run(
			{ operation: 'getPrice', billedCallId: '12345' },
			{ continueOnFail: true },
		);
		expect(jsonOf(unknown)).toEqual([{ error: 'no billed call found' }]);
	});

	test('Get Prices batches the lookups and reports unmatched ids', async () => {
		const added = await node.run(
			{ operation: 'addMany', dataMode: 'autoMap' },
			{ input: [cdr(), cdr(), cdr()] },
		);
		const ids = jsonOf(added).map((r) => String(r.id));
		const result = await node.run(
			{ operation: 'getPrices', billedCallId: '={{ $json.id }}', batchSize: 2 },
			{ input: [...ids, 'nope-1'].map((id) => ({ id })) },
		);
		expect(jsonOf(result)).toEqual([
			...ids.map((id) => ({
				id,
				ratecode: 'MOB',
				rate_name: 'Mobile',
				price: 0.28,
				matched: true,
			})),
			{ id: 'nope-1', matched: false, error: 'no billed call found' },
		]);
		expect(node.sim().requests.filter((r) => r.url.endsWith('/cdr/getMultiplePrice'))).toHaveLength(
			2,
		);
	});

	test('Get Export Schedules: active only, or with inactive ones (nextRun null)', async () => {
		const active = await node.run({ operation: 'getExportSchedules' });
		expect(jsonOf(active)).toHaveLength(2);
		const all = await node.run({ operation: 'getExportSchedules', includeInactive: true });
		expect(jsonOf(all)).toHaveLength(3);
		expect(jsonOf(all)[2]).toMatchObject({ cid: 1003, format: 'xlsx', nextRun: null });
	});
});
