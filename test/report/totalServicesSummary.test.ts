import { useReport } from '../kits/report';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, report } = useReport();

describe('Run', () => {
	test('Total Services Summary on a date, by service type', async () => {
		const result = await node.run(
			report({
				report: 'totalServicesSummary',
				dateToOnly: '2026-06-01',
				reportOptions: { serviceTypes: [1] },
			}),
		);
		const active = state().services.filter(
			(s) =>
				s.deptid === 1 &&
				s.servicetype === 1 &&
				s.start_date <= '2026-06-01' &&
				(s.date_ended === null || s.date_ended >= '2026-06-01'),
		);
		expect(jsonOf(result)).toEqual([
			{
				service_type: 'NBN 100/20',
				service_count: active.length,
				monthly_fees: Number(active.reduce((sum, s) => sum + s.monthlyfee, 0).toFixed(2)),
			},
		]);
	});
});
