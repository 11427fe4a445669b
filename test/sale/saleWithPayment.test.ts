import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';
const { state, rl, run } = useCrm();

describe('External Sale', () => {
	test('a sale with payment is paid at once', async () => {
		const customer = state().customers[5];
		const before = customer.balance;
		const result = await run('sale', 'create', {
			use: 'saleWithPayment',
			cid: rl(String(customer.cid)),
			products: { product: [{ pid: 1, price: 149, quantity: 1 }] },
			payments: { payment: [{ type: 'eftpos', amount: 149, description: 'Shop' }] },
		});
		expect(jsonOf(result)[0]).toMatchObject({
			success: true,
			paymentResult: { success: true, amount: 149, balance: before },
		});
		expect(customer.balance).toBeCloseTo(before, 2);
	});
});
