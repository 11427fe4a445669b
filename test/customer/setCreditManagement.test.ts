import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

describe('Customer: money and charges', () => {
	test('Set Credit Management writes through the platform’s GET', async () => {
		const target = node.sim().state.customers[1];
		expect(target.credit_management).toBe(0);
		const result = await node.run(
			customer('setCreditManagement', { cid: String(target.cid), status: '1' }),
		);
		expect(jsonOf(result)).toEqual([{ success: true, description: 'credit management turned on' }]);
		expect(target.credit_management).toBe(1);
		expect(node.sim().requests.at(-1)).toEqual({
			method: 'GET',
			url: `/demo-key-0001/customer/setManagementStatus/${target.cid}/1`,
			headers: expect.any(Object),
		});
	});
});
