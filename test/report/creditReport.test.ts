import { useReport } from '../kits/report';
const { node, report } = useReport();

describe('Run', () => {
	test('a report with no rows gives no items', async () => {
		const result = await node.run(
			report({
				report: 'creditReport',
				when: 'custom',
				dateFrom: '2019-01-01',
				dateTo: '2019-12-31',
			}),
		);
		expect(result.items).toEqual([]);
		expect(result.error).toBeUndefined();
	});
});
