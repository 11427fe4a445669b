import { useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

describe('Service: cost lookups', () => {
	test('Get Daily Cost: monthly × 12 / 365', async () => {
		const target = state().services[1];
		const result = await node.run(service('getDailyCost', { service_num: target.service_num }));
		expect(jsonOf(result)[0]).toMatchObject({
			enid: target.id,
			dailyfee: Number(((target.monthlyfee * 12) / 365).toFixed(4)),
		});
	});
});
