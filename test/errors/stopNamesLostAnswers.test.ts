import { useCustomer } from '../kits/customer';
const { node, customer } = useCustomer();

// Found by a fresh-eyes review (issue 31): a node that stops throws the first failure in input order, naming the items already
// written (tableNode/stopped.ts). An item still on its way when an earlier item failed, whose own write then
// failed after it may have been carried out (an answer lost: "may or may not have been carried out"), is in
// neither: its failure is dropped (only the first stop is thrown) and `written` holds successes only. The
// user is told nothing of a payment that may have been taken, and runs the workflow again.

test('a stop names an item whose payment may have been taken while an earlier item failed', async () => {
	const sim = node.sim();
	// Both customers are proven first (two balance reads). Item 0's payment is refused (no card on file);
	// item 1's is stored, then its answer is lost (503).
	sim.faults.push('pass', 'pass', 'pass', 'failAfterWrite');
	const payments = sim.state.payments.length;
	const result = await node.run(
		customer('takePayment', {
			cid: { __rl: true, mode: 'id', value: '={{ $json.cid }}' },
			amount: 40,
			pay_with: 'card_on_file',
		}),
		{ input: [{ cid: '1002' }, { cid: '1001' }], credential: { maxConcurrency: 2 } },
	);
	const made = sim.state.payments.slice(payments).map((p) => p.cid);
	expect(made).toEqual([1001]);
	expect(result.error?.context?.itemIndex).toBe(0);
	// The stop must say that item 1 may have been charged.
	expect(`${result.error?.message} ${result.error?.description}`).toMatch(/item 1/);
});
