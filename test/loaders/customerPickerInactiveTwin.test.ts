import { useCustomer } from '../kits/customer';
const { node } = useCustomer();

// Found by a fresh-eyes review (issue 31): the customer picker (listSearch.searchCustomers → findCustomers, locators.ts) gives a search
// record without a cid the cid of the one LISTED customer with its company. The list holds active customers
// only, so the person of an inactive customer sharing that company is shown under the active customer's id:
// "Acme · Pat Zephyrine · pat@… (1003)". The user picks Pat, and a payment or update goes to 1003. The node's
// own lookup (customerOfRecord) refuses this case (a company search finds two records); the picker does not.

test('the picker never shows one customer’s person and email under another customer’s ID', async () => {
	const sim = node.sim();
	const active = sim.state.customers.find((c) => c.cid === 1003)!;
	const inactive = sim.state.customers.find((c) => c.cid === 1004)!;
	inactive.company = active.company;
	inactive.name = 'Pat';
	inactive.surname = 'Zephyrine';
	inactive.email = 'pat.zephyrine@example.com';
	inactive.active = false;
	const found = (await node.options('listSearch.searchCustomers', {}, 'Zephyrine')) as {
		results: Array<{ name: string; value: string }>;
	};
	const shownAsPat = found.results.filter((r) => r.name.includes('Zephyrine'));
	expect(shownAsPat.map((r) => r.value)).not.toContain(String(active.cid));
});
