import { rl, useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

describe('Service: reads', () => {
	test('Get reads the record from the `serviceType` key the platform uses', async () => {
		const target = state().services[0];
		const result = await node.run(service('get', { serviceId: rl(target.id) }));
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				id: target.id,
				service_num: target.service_num,
				servicetype: target.servicetype,
			}),
		]);
	});
});
