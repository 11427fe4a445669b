import { useReport } from '../kits/report';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, report } = useReport();

describe('Run', () => {
	test('New Services in a period, with the list price where the fee is 0', async () => {
		state().services[1].monthlyfee = 0;
		const result = await node.run(
			report({
				report: 'newServices',
				when: 'custom',
				dateFrom: '2025-01-01',
				dateTo: '2025-03-31',
				reportOptions: { list_price_for_no_price: true },
			}),
		);
		const expected = state().services.filter(
			(s) => s.deptid === 1 && s.start_date >= '2025-01-01' && s.start_date <= '2025-03-31',
		);
		expect(jsonOf(result).map((r) => r.enid)).toEqual(expected.map((s) => s.id));
		const type = state().serviceTypes.find((t) => t.esid === state().services[1].servicetype)!;
		expect(jsonOf(result).find((r) => r.enid === state().services[1].id)).toMatchObject({
			monthly_fee: type.list_price,
			service_type: type.typeofservice,
		});
	});
});
