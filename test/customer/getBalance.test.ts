import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

describe('Customer: reads', () => {
	test('Get Balance turns the numeric string into a number', async () => {
		const target = node.sim().state.customers[3];
		const result = await node.run(customer('getBalance', { cid: String(target.cid) }));
		expect(jsonOf(result)).toEqual([{ success: true, balance: target.balance, cid: target.cid }]);
	});
});

describe('Customer: one result per input item', () => {
	test('three input items give three paired results, expressions resolved per item', async () => {
		const result = await node.run(customer('getBalance', { cid: '={{ $json.ref }}' }), {
			input: [{ ref: '1001' }, { ref: 'ACC-1-0002' }, { ref: 'CRM100003' }],
		});
		expect(jsonOf(result).map((r) => r.cid)).toEqual([1001, 1002, 1003]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});
