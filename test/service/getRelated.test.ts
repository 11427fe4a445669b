import { rl, useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

describe('Service: reads', () => {
	test('Get Related Services lists children through parent_id', async () => {
		const parent = state().services[0];
		const child = state().services.find((s) => s.parent_id === parent.id)!;
		const result = await node.run(service('getRelated', { serviceId: rl(parent.id) }));
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ id: child.id, parent_id: parent.id }),
		]);
	});
});
