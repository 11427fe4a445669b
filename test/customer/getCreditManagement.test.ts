import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

describe('Customer: reads', () => {
	test('Get Credit Management reads the flag', async () => {
		const result = await node.run(customer('getCreditManagement', { cid: '1001' }));
		expect(jsonOf(result)).toEqual([{ success: true, cid: 1001, credit_management: 1 }]);
	});
});
