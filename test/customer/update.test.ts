import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

describe('Customer: create and update', () => {
	test('Update changes only the given fields, found by account_id', async () => {
		const before = { ...node.sim().state.customers[2] };
		const result = await node.run(
			customer('update', {
				cid: before.account_id,
				updateFields: { mobile: '0400111222', abn: '99887766554' },
			}),
		);
		expect(jsonOf(result)).toEqual([{ success: true, description: 'customer updated' }]);
		const after = node.sim().state.customers[2];
		expect(after).toMatchObject({
			mobile: '0400111222',
			abn: '99887766554',
			company: before.company,
			email: before.email,
		});
	});
	test('Update finds a customer by crm_id too', async () => {
		const target = node.sim().state.customers[4];
		await node.run(
			customer('update', { cid: target.crm_id, updateFields: { company: 'Renamed Pty' } }),
		);
		expect(node.sim().state.customers[4].company).toBe('Renamed Pty');
	});
});
