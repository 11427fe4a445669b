import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';

// Found by a walk with an MCP client: a model asked for "liam smith" and was told no customer has that name,
// with no suggestion, where "Liam Smith" is customer 1001. A person's name differing only in case or spacing is
// offered, never taken, as a company's is.

const { node, customer } = useCustomer();

test('a person’s name differing only in case is suggested with the customer’s ID, and nothing is taken', async () => {
	const target = node.sim().state.customers.find((c) => c.cid === 1001)!;
	const lower = `${String(target.name)} ${String(target.surname)}`.toLowerCase();
	const result = await node.run(
		customer('getBalance', { cid: { __rl: true, mode: 'id', value: lower } }),
		{
			continueOnFail: true,
		},
	);
	const [item] = jsonOf(result);
	expect(String(item.error)).toMatch(/^No customer is "liam smith"/);
	expect(String(item.error)).toContain(`${String(target.name)} ${String(target.surname)} (1001)`);
});
