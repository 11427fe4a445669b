import { useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

describe('Service: early termination', () => {
	test('Calculate ETF for Many: one result per service, paired to the one input item', async () => {
		const ids = state()
			.services.slice(0, 3)
			.map((s) => s.id);
		const result = await node.run(
			service('calculateEtfMany', { serviceIds: ids.join(', '), date: '2026-03-15' }),
		);
		expect(jsonOf(result).map((r) => r.enid)).toEqual(ids);
		expect(jsonOf(result)[0]).toMatchObject({ etf: 269.78 });
		expect(result.items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
	});
});
