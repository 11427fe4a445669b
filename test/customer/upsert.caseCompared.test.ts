import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// Found by a fresh-eyes review (issue 31): Create or Update creates only "when the platform answered, without doubt, that no
// customer has the email". On a platform whose customer search compares case (searchCase: compared, which the
// spec allows), a customer stored as "Liam.Smith1@Example.com" is not found by the row's
// "liam.smith1@example.com", and the fallbacks (the lower-case address, the row's company, its surname) find
// nothing when the row is already lower case and carries no company or surname: a second customer is created
// with the address, and the next nodes write to it.

test('a row whose email differs only in case from a stored customer never creates a second customer with it', async () => {
	const sim = node.sim();
	sim.traits.searchCase = 'compared';
	const owner = sim.state.customers.find((c) => c.cid === 1001)!;
	owner.email = 'Liam.Smith1@Example.com';
	const count = sim.state.customers.length;
	const result = await node.run(
		customer('upsert', {
			email: 'liam.smith1@example.com',
			customerFields: { mobile: '0400123123' },
		}),
		{ continueOnFail: true },
	);
	const withAddress = sim.state.customers.filter(
		(c) => c.email.toLowerCase() === 'liam.smith1@example.com',
	);
	// Either 1001 is updated, or the item fails saying it cannot tell; never a new customer.
	expect({
		customers: sim.state.customers.length,
		withAddress: withAddress.map((c) => c.cid),
		out: jsonOf(result),
	}).toMatchObject({ customers: count, withAddress: [1001] });
});
