import { useCrm } from '../kits/crm';
const { node, state, rl } = useCrm();

// Review ("n8n's re-runs never write twice"): an earlier try's write is recognised only by the request it was,
// digested whole. A sale dated `{{ $now }}` (the usual mapping for "when it happened") is another request on
// every try, seconds later: n8n's Retry On Fail sends the first item's sale and payment again after the second
// item failed. Nothing about the item or the node changed between the tries; only the clock did.

test('Retry On Fail after the second sale fails does not record the first sale (and its payment) again', async () => {
	const [first, second] = [state().customers[5], state().customers[6]];
	const paymentsBefore = state().payments.length;
	const invoicesOf = (cid: number) => state().invoices.filter((i) => i.cid === cid).length;
	const firstInvoices = invoicesOf(first.cid);
	const result = await node.run(
		{
			resource: 'sale',
			operation: 'create',
			use: 'saleWithPayment',
			cid: rl('={{ $json.cid }}'),
			date: '={{ $now }}',
			products: { product: [{ pid: 1, price: 149, quantity: 1 }] },
			payments: {
				payment: [{ type: 'eftpos', amount: '={{ $json.paid }}', description: 'Shop' }],
			},
		},
		{
			// The second paid more than it owes: the platform refuses that payment, so the node fails.
			input: [
				{ cid: String(first.cid), paid: 149 },
				{ cid: String(second.cid), paid: 500 },
			],
			credential: { maxConcurrency: 1 },
			// n8n's default wait between tries is a second.
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1100 },
		},
	);
	expect(result.error).toBeDefined();
	// The first customer bought once and paid once.
	expect(invoicesOf(first.cid) - firstInvoices).toBe(1);
	expect(state().payments.filter((p) => p.cid === first.cid).length).toBe(
		state()
			.payments.slice(0, paymentsBefore)
			.filter((p) => p.cid === first.cid).length + 1,
	);
});
