import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// Found by a fresh-eyes review. Create or Update matches the email "whole, ignoring case", and fails the item
// when several customers have it. On a platform whose search compares case (searchCase: compared, which the
// spec allows), two customers holding one address in different cases are found one at a time: the row's own
// spelling finds nobody, the lower-case fallback finds one, and that one is updated as if it were the only
// customer with the address. The same rows on a platform whose search
// ignores case fail the item, naming both.

test('a row whose email two customers hold in different cases writes to neither', async () => {
	const sim = node.sim();
	sim.traits.searchCase = 'compared';
	const [a, b] = sim.state.customers;
	a.email = 'accounts@shared.example';
	b.email = 'ACCOUNTS@SHARED.EXAMPLE';
	const before = sim.state.customers.map((c) => ({ cid: c.cid, email: c.email, mobile: c.mobile }));
	const result = await node.run(
		customer('upsert', {
			email: 'Accounts@Shared.example',
			customerFields: { mobile: '0400777666' },
		}),
		{ continueOnFail: true },
	);
	expect({
		failed: Boolean(jsonOf(result)[0].error),
		customers: sim.state.customers.map((c) => ({ cid: c.cid, email: c.email, mobile: c.mobile })),
	}).toEqual({ failed: true, customers: before });
});
