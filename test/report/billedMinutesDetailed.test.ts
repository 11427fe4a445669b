import { useReport } from '../kits/report';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, report, call } = useReport();

describe('Run', () => {
	test('Billed Minutes Detailed, limited to chosen call types', async () => {
		call('a', '2020-10-05 09:00:00', 60);
		call('c', '2020-10-06 11:00:00', 30, '0398765432');
		state().cdrs.rate();
		const result = await node.run(
			report({
				report: 'billedMinutesDetailed',
				when: 'custom',
				dateFrom: '01-10-2020',
				dateTo: '2020-10-31',
				reportOptions: { ctid: [1] },
			}),
		);
		expect(jsonOf(result)).toEqual([
			{
				call_type: 'Local',
				total_calls: 1,
				total_sms: 0,
				billed_minutes: 0.5,
				billed_amount: 0.22,
			},
		]);
	});
});
