import { useCrm } from '../kits/crm';
const { node, state, run } = useCrm();

// Review: "A run that stops on failure proves every paying customer before the first payment" (README). An
// External Sale with payment takes money as Take Payment does; its customer travels in the body.

const sales = () =>
	node.sim().handled.filter((r) => r.method === 'POST' && r.url.includes('/externalsales/add'));

const withPayment = {
	use: 'saleWithPayment',
	cid: { __rl: true, mode: 'id', value: '={{ $json.cid }}' },
	products: { product: [{ pid: 1, price: 149, quantity: 1 }] },
	payments: { payment: [{ type: 'eftpos', amount: 149, description: 'Shop' }] },
};

test('a sale with payment for an unknown second customer stops the run before the first is paid', async () => {
	const invoices = state().invoices.length;
	const result = await run('sale', 'create', withPayment, {
		input: [{ cid: '1001' }, { cid: '1099' }],
	});
	expect(result.error?.message).toMatch(/no customer found/i);
	expect(sales()).toEqual([]);
	expect(state().invoices.length).toBe(invoices);
});

test('Order Create for an unknown second customer stops the run before the first order', async () => {
	const orders = state().orders.length;
	const result = await run(
		'order',
		'create',
		{
			cid: { __rl: true, mode: 'id', value: '={{ $json.cid }}' },
			products: { product: [{ pid: 1, quantity: 1 }] },
		},
		{ input: [{ cid: '1001' }, { cid: '1099' }] },
	);
	expect(result.error).toBeDefined();
	expect(state().orders.length).toBe(orders);
});
