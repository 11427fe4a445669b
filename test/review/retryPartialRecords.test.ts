import { useCrm } from '../kits/crm';
const { node, state, rl, run } = useCrm();

// Review: under Continue, Retry On Fail makes n8n run the node again when its first output item is an error.
// A Sale With Payment whose payment the platform refuses still records the sale (an invoice): its item is an
// error item saying so. The next try must not record the sale again.

const sales = () =>
	node.sim().handled.filter((r) => r.method === 'POST' && r.url.includes('/externalsales/add'));

test.each([['continueRegularOutput'], ['continueErrorOutput']] as const)(
	'a sale recorded with a refused payment is not recorded again by Retry On Fail (%s)',
	async (onError) => {
		const customer = state().customers[5];
		const invoices = state().invoices.length;
		const result = await run(
			'sale',
			'create',
			{
				use: 'saleWithPayment',
				cid: rl(String(customer.cid)),
				// The payment exceeds the sale: the platform refuses it, and the sale stands.
				products: { product: [{ pid: 1, price: 10, quantity: 1 }] },
				payments: { payment: [{ type: 'eftpos', amount: 500, description: 'Shop' }] },
			},
			{ onError, settings: { retryOnFail: true, maxTries: 3 } },
		);
		expect(sales()).toHaveLength(1);
		expect(state().invoices.length).toBe(invoices + 1);
		const items = result.outputs.flat().map((item) => item.json);
		expect(JSON.stringify(items)).toMatch(/recorded/i);
	},
);
