import { useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

describe('Service: early termination', () => {
	test('Apply ETF for Many takes an array from an expression', async () => {
		const ids = state()
			.services.slice(0, 2)
			.map((s) => s.id);
		const result = await node.run(service('applyEtfMany', { serviceIds: '={{ $json.ids }}' }), {
			input: [{ ids }],
		});
		expect(jsonOf(result)).toEqual(ids.map((enid) => ({ success: true, enid })));
		expect(node.sim().requests[0].url).toMatch(/\/services\/doMultipleETF$/);
	});
});
