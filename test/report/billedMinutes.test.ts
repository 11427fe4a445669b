import { useReport } from '../kits/report';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, report, call } = useReport();

describe('Run', () => {
	// Imported calls years before the seeded history, so these totals are only theirs.
	test('Billed Minutes over a custom range: one row per day, worked out by hand', async () => {
		// Customer 1002's mobile service is on Standard Business: mobile 0.18/min + 0.10 flagfall, local 0.22 flat.
		call('a', '2020-10-05 09:00:00', 60); // 0.28
		call('b', '2020-10-05 10:00:00', 61); // 0.46
		call('c', '2020-10-06 11:00:00', 30, '0398765432'); // 0.22
		call('d', '2020-11-02 11:00:00', 30); // outside
		state().cdrs.rate();
		const result = await node.run(
			report({
				report: 'billedMinutes',
				when: 'custom',
				dateFrom: '2020-10-01',
				dateTo: '2020-10-31',
			}),
		);
		expect(jsonOf(result)).toEqual([
			{
				date: '2020-10-05',
				total_calls: 2,
				billed_minutes: 2.02,
				total_sms: 0,
				billed_amount: 0.74,
			},
			{
				date: '2020-10-06',
				total_calls: 1,
				billed_minutes: 0.5,
				total_sms: 0,
				billed_amount: 0.22,
			},
		]);
	});
});
