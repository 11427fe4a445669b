import { useCustomer } from '../kits/customer';
import { jsonOf, OTHER_KEY } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

describe('Customer: reads', () => {
	test('Get Many with a limit returns that many; Return All returns every active customer', async () => {
		const limited = await node.run(customer('getAll', { returnAll: false, limit: 7 }));
		expect(limited.items).toHaveLength(7);
		const all = await node.run(customer('getAll', { returnAll: true }));
		const active = node.sim().state.customers.filter((c) => c.deptid === 1 && c.active);
		expect(jsonOf(all).map((r) => r.cid)).toEqual(active.map((c) => c.cid));
		expect(jsonOf(all)[0]).toEqual({ cid: 1001, company: active[0].company, trading_name: null });
	});
});

describe('Customer: department isolation', () => {
	test('a key never sees another department’s customers', async () => {
		const foreign = await node.run(customer('getBalance', { cid: '1001' }), {
			apiKey: OTHER_KEY,
			continueOnFail: true,
		});
		expect(jsonOf(foreign)).toEqual([{ error: 'no customer found' }]);
		const all = await node.run(customer('getAll', { returnAll: true }), { apiKey: OTHER_KEY });
		const theirs = node
			.sim()
			.state.customers.filter((c) => c.deptid === 2 && c.active)
			.map((c) => c.cid);
		expect(jsonOf(all).map((r) => r.cid)).toEqual(theirs);
	});
});
