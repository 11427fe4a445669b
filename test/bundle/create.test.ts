import { rl, useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, state } = useService();

describe('Service Bundle', () => {
	test('Create, Get by Customer, Get and Update', async () => {
		const created = await node.run({
			resource: 'bundle',
			operation: 'create',
			cid: rl('1001'),
			name: 'Office Pack',
			additionalFields: {
				included_usage_type: 2,
				included_value: 500,
				monthly_cost: 20,
				call_types: [1, 2],
			},
		});
		const [{ id }] = jsonOf(created);
		expect(state().bundles).toEqual([
			expect.objectContaining({
				id,
				cid: 1001,
				name: 'Office Pack',
				included_usage_type: 2,
				included_value: 500,
				call_types: [1, 2],
			}),
		]);

		state().services[0].bundle_id = id as number;
		const list = await node.run({
			resource: 'bundle',
			operation: 'getByCustomer',
			cid: rl('1001'),
		});
		expect(jsonOf(list)).toEqual([
			expect.objectContaining({ id, name: 'Office Pack', monthly_cost: 20 }),
		]);
		expect(jsonOf(list)[0].cid).toBeUndefined();

		const detail = await node.run({ resource: 'bundle', operation: 'get', bundleId: id as number });
		expect(jsonOf(detail)[0]).toMatchObject({
			id,
			cid: 1001,
			services: [expect.objectContaining({ enid: String(state().services[0].id) })],
			charges: [],
		});

		await node.run({
			resource: 'bundle',
			operation: 'update',
			cid: rl('1001'),
			bundleId: id as number,
			name: 'Office Pack Plus',
			updateFields: { active: false },
		});
		expect(state().bundles[0]).toMatchObject({ name: 'Office Pack Plus', active: 0 });
	});
});
