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

// Found by CI on the example workflow (n8n 1.123): the probe of whether search compares case searched the
// first listed customer's company in upper case, and an earlier row of the same run had just renamed that
// customer: nothing found was taken for "search compares case", and a new customer was refused.
test('on a platform whose search ignores case, a row renaming a customer does not stop a later row creating one', async () => {
	const sim = node.sim();
	const first = sim.state.customers.find((c) => c.cid === 1001)!;
	const result = await node.run(
		customer('upsert', {
			email: '={{ $json.email }}',
			customerFields: { company: '={{ $json.company }}', name: '={{ $json.name }}' },
		}),
		{
			input: [
				{ email: first.email, company: 'Smith Plumbing (renamed)', name: first.name },
				{ email: 'ruby@harbourfreight.example', company: 'Harbour Freight Co', name: 'Ruby' },
			],
			credential: { maxConcurrency: 1 },
		},
	);
	expect(jsonOf(result).map((item) => item.action)).toEqual(['updated', 'created']);
	expect(sim.state.customers.filter((c) => c.email === 'ruby@harbourfreight.example')).toHaveLength(
		1,
	);
});

// Found by a newcomer's nightly sync (issue 40): on a platform whose search compares case, Create or Update
// created nobody ("…compares case … nothing was created"), so the sync could onboard no one there. Before a
// create it now searches every spelling and field the docs list; only a customer found by none of them is new.
test('on a platform whose search compares case, new customers are created once each, and a re-run writes nothing', async () => {
	const sim = node.sim();
	sim.traits.searchCase = 'compared';
	const sync = customer('upsert', {
		email: '={{ $json.email }}',
		knownCid: '={{ $json.cid ?? "" }}',
		lastWritten: '={{ $json.fingerprint ?? "" }}',
		customerFields: { company: '={{ $json.company }}', surname: '={{ $json.surname }}' },
	});
	const rows = [
		{ email: 'new.one@example.com', company: 'New One Pty Ltd', surname: 'One' },
		{ email: 'New.Two@Example.com', company: 'New Two Pty Ltd', surname: 'Two' },
	];
	const first = jsonOf(await node.run(sync, { input: rows, continueOnFail: true }));
	expect(first.map((item) => item.action)).toEqual(['created', 'created']);
	for (const row of rows)
		expect(
			sim.state.customers.filter((c) => c.email.toLowerCase() === row.email.toLowerCase()),
		).toHaveLength(1);
	const crm = rows.map((row, at) => ({
		...row,
		cid: first[at].cid,
		fingerprint: first[at].fingerprint,
	}));
	// What changes the platform: a POST, but for Bulk Email's preview (a read, which shows the emails IDs hold).
	const writes = () =>
		sim.requests.filter((r) => r.method === 'POST' && !r.url.endsWith('/bulk-email/preview'))
			.length;
	const before = writes();
	const again = jsonOf(await node.run(sync, { input: crm, continueOnFail: true }));
	expect(again.map((item) => item.action)).toEqual(['unchanged', 'unchanged']);
	expect(writes()).toBe(before);
	// The same rows without their IDs (a write-back lost): found, never created again.
	const lostIds = jsonOf(await node.run(sync, { input: rows, continueOnFail: true }));
	expect(lostIds.map((item) => item.action)).toEqual(['unchanged', 'unchanged']);
	expect(sim.state.customers.filter((c) => /new\.(one|two)@/i.test(c.email))).toHaveLength(2);
});
