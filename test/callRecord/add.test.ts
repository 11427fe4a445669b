import { useCallRecord } from '../kits/callRecord';
import type { IDataObject } from 'n8n-workflow';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, cdr } = useCallRecord();

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
		[{ duration: 'long' }, 'Duration (duration) must be a whole number of seconds, 0 or more'],
		[{ cost: 'free' }, 'Cost (cost) must be a number'],
		[{ cost: true }, 'Cost (cost) must be a number'],
	])('refuses %j before any request: %s', async (overrides, message) => {
		const result = await node.run(
			{ operation: 'add', dataMode: 'autoMap' },
			{ input: [cdr(overrides as IDataObject)] },
		);
		expect(result.error?.message).toBe(message);
		expect(node.sim().requests).toEqual([]);
	});
});

test('numbers given as text (a CSV or a form) are sent as the numbers the spec types them as', async () => {
	const result = await node.run(
		{ operation: 'add', dataMode: 'autoMap' },
		{ input: [cdr({ duration: '65', billsec: '60', cost: '0.125', privacy_flag: '1' })] },
	);
	expect(result.error).toBeUndefined();
	expect(node.sim().requests[0].body).toMatchObject({
		duration: 65,
		billsec: 60,
		cost: 0.125,
		privacy_flag: 1,
	});
});
