import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

describe('Customer: money and charges', () => {
	test('Add Charge Item then Update Charge Item', async () => {
		const added = await node.run(
			customer('addChargeItem', {
				cid: 'ACC-1-0003',
				chargeFields: { description: 'Router', amount: 99, quantity: 2, charge_date: '2026-12-01' },
			}),
		);
		const [{ id }] = jsonOf(added);
		expect(node.sim().state.chargeItems).toEqual([
			expect.objectContaining({
				id,
				cid: 1003,
				description: 'Router',
				amount: 99,
				quantity: 2,
				charge_date: '2026-12-01',
			}),
		]);
		const updated = await node.run(
			customer('updateChargeItem', { itemId: String(id), chargeUpdateFields: { amount: 89 } }),
		);
		expect(jsonOf(updated)).toEqual([{ success: true, description: 'customer item updated' }]);
		expect(node.sim().state.chargeItems[0]).toMatchObject({ amount: 89, description: 'Router' });
	});
});
