import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, rl, run } = useCrm();

// Payment Type is free text, and the body keys each payment by it. A type spelt "__proto__" written as
// `payments[type] = …` set the object's prototype instead of adding a payment: the sale went to the platform
// with the other payments only, and the node said it was recorded. Every row given is a payment sent, whatever
// its type is called, or the sale is not recorded.

test.each(['__proto__', 'constructor', 'toString'])(
	'a payment row of type %s is sent with the others, or nothing is recorded',
	async (type) => {
		const customer = state().customers[4];
		const salesBefore = state().invoices.length;
		const result = await run(
			'sale',
			'create',
			{
				use: 'saleWithPayment',
				cid: rl(String(customer.cid)),
				products: { product: [{ pid: 1, price: 80, quantity: 1 }] },
				payments: {
					payment: [
						{ type: 'cash', amount: 30, description: 'Deposit' },
						{ type, amount: 50, description: 'Balance' },
					],
				},
			},
			{ continueOnFail: true },
		);
		const sent = node.sim().requests.filter((r) => r.url.includes('/externalsales/add'));
		const [item] = jsonOf(result);
		if (item.error === undefined) {
			// Recorded: the platform was sent both payments, keyed by the types given.
			const [sale] = sent[0].body as Array<{ payments: Record<string, unknown> }>;
			const payments = sale.payments;
			expect(Object.keys(payments).sort()).toEqual(['cash', type].sort());
		} else expect(state().invoices.length).toBe(salesBefore);
	},
);
