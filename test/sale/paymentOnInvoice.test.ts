import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, rl, run } = useCrm();

describe('External Sale', () => {
	test('a payment on an existing invoice keeps its products (the node always sends add_payment)', async () => {
		const customer = state().customers[6];
		const sale = await run('sale', 'create', {
			use: 'sale',
			cid: rl(String(customer.cid)),
			products: { product: [{ pid: 2, price: 99, quantity: 1 }] },
		});
		const iid = jsonOf(sale)[0].iid as number;
		await run('sale', 'create', {
			use: 'paymentOnInvoice',
			cid: rl(String(customer.cid)),
			iid,
			payments: { payment: [{ type: 'cash', amount: 50 }] },
		});
		expect(state().invoices.find((i) => i.iid === iid)).toMatchObject({
			products: [{ pid: 2, price: 99, quantity: 1 }],
			paid: 50,
		});
	});
	test('a payment on an invoice needs the invoice ID and a payment', async () => {
		expect(
			(
				await run('sale', 'create', {
					use: 'paymentOnInvoice',
					cid: rl('1001'),
					payments: { payment: [{ type: 'cash', amount: 5 }] },
				})
			).error?.message,
		).toBe('Invoice ID (iid) is required');
		expect(
			(await run('sale', 'create', { use: 'paymentOnInvoice', cid: rl('1001'), iid: 80001 })).error
				?.message,
		).toBe('Payments (payments) needs at least one payment, each with an amount above 0');
		expect(node.sim().requests).toEqual([]);
	});
});
