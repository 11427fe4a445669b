import { useReport } from '../kits/report';
import { jsonOf } from '../harness/nodeRunner';
import { melbourneNow } from '../simulator/melbourne';
const { node, state, report, call } = useReport();

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

describe('Total Services Summary: To is a whole day', () => {
	test('a To day picked with the date picker (midnight) includes that day’s usage, as every other report’s To does', async () => {
		const day = melbourneNow().slice(0, 10);
		call('tss-1', `${day} 10:00:00`, 600);
		state().cdrs.rate();
		const run = async (dateToOnly: string) =>
			jsonOf(
				await node.run(
					report({
						report: 'totalServicesSummary',
						dateToOnly,
						reportOptions: { include_usage: true },
					}),
				),
			);
		const picked = await run(`${day}T00:00:00`);
		const endOfDay = await run(`${day} 23:59:59`);
		const beforeTheCall = await run(`${day} 09:59:59`);
		expect(endOfDay).not.toEqual(beforeTheCall);
		expect(picked).toEqual(endOfDay);
	});
});
