import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';
const { state, rl, run } = useCrm();

describe('External Sale', () => {
	test('a sale creates an invoice and raises the balance', async () => {
		const customer = state().customers[4];
		const before = customer.balance;
		const result = await run('sale', 'create', {
			use: 'sale',
			cid: rl(String(customer.cid)),
			date: '2026-11-20',
			products: { product: [{ pid: 4, price: 5, quantity: 3 }] },
		});
		expect(jsonOf(result)).toEqual([{ success: true, cid: customer.cid, iid: expect.any(Number) }]);
		expect(state().invoices.find((i) => i.iid === jsonOf(result)[0].iid)).toMatchObject({
			cid: customer.cid,
			total: 15,
			date: '2026-11-20',
			products: [{ pid: 4, price: 5, quantity: 3 }],
		});
		expect(customer.balance).toBeCloseTo(before + 15, 2);
	});
});
