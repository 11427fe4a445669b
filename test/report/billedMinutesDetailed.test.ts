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

describe('an empty choice of call types means all of them', () => {
	test('the emptied Call Types field is left out of the request, and every call type is reported', async () => {
		call('a', '2020-10-05 09:00:00', 60);
		call('c', '2020-10-06 11:00:00', 30, '0398765432');
		state().cdrs.rate();
		const result = await node.run(
			report({
				report: 'billedMinutesDetailed',
				when: 'custom',
				dateFrom: '2020-10-01',
				dateTo: '2020-10-31',
				reportOptions: { ctid: [] },
			}),
		);
		const sent = node.sim().requests.find((r) => r.url.endsWith('/report'))?.body as {
			report_options: Record<string, unknown>;
		};
		expect(sent.report_options).not.toHaveProperty('ctid');
		expect(
			jsonOf(result)
				.map((r) => r.call_type)
				.sort(),
		).toEqual(['Local', 'Mobile']);
	});
});
