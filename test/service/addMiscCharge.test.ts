import { rl, useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

describe('Service: create and update', () => {
	test('Add Misc Charge adds a product charge to the service', async () => {
		const target = state().services[2];
		const result = await node.run(
			service('addMiscCharge', {
				enid: rl(target.id),
				pid: 1,
				charge_date: '2026-12-01',
				additionalFields: { description: 'Router' },
			}),
		);
		expect(state().serviceCharges).toEqual([
			expect.objectContaining({
				id: jsonOf(result)[0].id,
				enid: target.id,
				pid: 1,
				charge_date: '2026-12-01',
				description: 'Router',
				inc_tax_amount: 163.9,
			}),
		]);
	});
	test('Add Misc Charge sends the service and product as the integers the spec types them as', async () => {
		const target = state().services[2];
		await node.run(
			service('addMiscCharge', {
				enid: rl(target.id),
				pid: '={{ "1" }}',
				charge_date: '2026-12-01',
			}),
		);
		expect(node.sim().requests[0].body).toEqual({
			enid: target.id,
			pid: 1,
			charge_date: '2026-12-01',
		});
	});
});
