import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// A CRM row carries the billing ID an earlier run wrote back, and its email is now another customer's: a
// contact reused for another person, or two contacts merged in the CRM. The strict platform (its search
// records carry no cid).
// Found by the CRM end-to-end test: byKnownId judged what to write from the search record of the row's email
// without proving that record was the customer the ID names: with no difference it wrote every field, the
// email included, to the ID's customer (two customers then shared the email); with a difference it wrote only
// the fields that differed from the OTHER customer's record and answered as if the ID's customer held them.

const state = () => node.sim().state;
// What changes the platform: a POST, but for Bulk Email's preview (a read, which shows the email an ID holds).
const writes = () =>
	node.sim().requests.filter((r) => r.method === 'POST' && !r.url.endsWith('/bulk-email/preview'));
const upsert = (knownCid: number, fields: Record<string, string>) =>
	customer('upsert', {
		email: '={{ $json.email }}',
		knownCid: String(knownCid),
		customerFields: Object.fromEntries(Object.keys(fields).map((f) => [f, `={{ $json.${f} }}`])),
	});

test('a row with customer 1001’s ID and customer 1002’s email and values never gives two customers one email', async () => {
	const [a, b] = state().customers;
	const row = { email: b.email, company: b.company, name: b.name, surname: b.surname };
	const result = await node.run(upsert(a.cid, row), { input: [row], continueOnFail: true });
	const holders = state().customers.filter((c) => c.email.toLowerCase() === b.email.toLowerCase());
	expect({ item: jsonOf(result)[0], holders: holders.map((c) => c.cid) }).toEqual({
		item: expect.anything(),
		holders: [b.cid],
	});
});

test('a row with customer 1001’s ID and customer 1002’s email: a success item is what customer 1001 holds after', async () => {
	const [a, b] = state().customers;
	const row = { email: b.email, mobile: '0400111222' };
	const result = await node.run(upsert(a.cid, row), { input: [row], continueOnFail: true });
	const [item] = jsonOf(result);
	if (item.error) expect(writes()).toEqual([]);
	else {
		const after = state().customers.find((c) => c.cid === item.cid)!;
		expect({ cid: after.cid, email: after.email, mobile: after.mobile }).toEqual({
			cid: item.cid,
			email: item.email,
			mobile: item.mobile,
		});
	}
});

// Likewise found: rows of one run that carry one Billing Customer ID but different emails (a contact entered
// twice, one copy's email changed later) were not settled as rows of one email are: each run the first wrote
// its values, the second its own over them. They settle by the ID now.
test('two rows carrying one customer’s ID with different emails settle: the same rows again write nothing', async () => {
	const [a] = state().customers;
	const rows = [
		{ cid: String(a.cid), email: 'new.address@example.com', mobile: '0400000001' },
		{ cid: String(a.cid), email: a.email.toUpperCase(), mobile: '0400000002' },
	];
	const sync = async () =>
		await node.run(
			customer('upsert', {
				email: '={{ $json.email }}',
				knownCid: '={{ $json.cid }}',
				customerFields: { mobile: '={{ $json.mobile }}' },
			}),
			{ input: rows, continueOnFail: true },
		);
	await sync();
	const before = writes().length;
	await sync();
	expect(writes().slice(before)).toEqual([]);
});
