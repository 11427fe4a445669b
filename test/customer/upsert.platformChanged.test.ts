import type { IDataObject } from 'n8n-workflow';
import { crmRowSync, useCustomer } from '../kits/customer';
import { DEMO_KEY, jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// What the CRM cannot know: a customer removed, made inactive or renamed on the platform since the row was last
// synced, or the platform reset and its IDs handed out again. A row that carries its customer's ID and
// fingerprint is checked against the platform's customer list (one request a run, whatever the rows): it is
// never `unchanged` when its customer is gone, and nothing of it reaches another customer holding the ID now.

const sim = () => node.sim();

const sync = customer('upsert', crmRowSync(['company', 'name', 'surname', 'mobile']));

const ROWS: IDataObject[] = [
	{
		email: 'ana.ruiz@example.com',
		company: 'Ruiz Tiling',
		name: 'Ana',
		surname: 'Ruiz',
		mobile: '0455000001',
	},
	{
		email: 'ben.ola@example.com',
		company: 'Ola Roofing',
		name: 'Ben',
		surname: 'Ola',
		mobile: '0455000002',
	},
	{
		email: 'cat.moe@example.com',
		company: 'Moe Glass',
		name: 'Cat',
		surname: 'Moe',
		mobile: '0455000003',
	},
];

async function synced(): Promise<IDataObject[]> {
	const items = jsonOf(await node.run(sync, { input: ROWS, continueOnFail: true }));
	expect(items.map((item) => item.action)).toEqual(['created', 'created', 'created']);
	return ROWS.map((row, at) => ({
		...row,
		cid: items[at].cid,
		fingerprint: items[at].fingerprint,
	}));
}

const writes = () =>
	sim().requests.filter((r) => r.method === 'POST' && /customer\/(add|update)/.test(r.url));

test('an unchanged re-run asks the platform once for the list and once for its emails, and writes nothing', async () => {
	const crm = await synced();
	const before = sim().requests.length;
	const items = jsonOf(await node.run(sync, { input: crm, continueOnFail: true }));
	expect(items.map((item) => item.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);
	// The list, and the emails its customers hold (Bulk Email's preview, 1,000 customers a request).
	expect(
		sim()
			.requests.slice(before)
			.map((r) => r.url),
	).toEqual([`/${DEMO_KEY}/customer/getAll`, `/${DEMO_KEY}/customer/bulk-email/preview`]);
});

test.each([
	[
		'removed',
		(cid: number): void => {
			sim().state.customers = sim().state.customers.filter((c) => c.cid !== cid);
		},
	],
	[
		'made inactive',
		(cid: number): void => {
			sim().state.customers.find((c) => c.cid === cid)!.active = false;
		},
	],
] as const)(
	'a customer %s on the platform is never unchanged: the row says so, nothing written',
	async (_what, change) => {
		const crm = await synced();
		change(Number(crm[1].cid));
		const before = writes().length;
		const items = jsonOf(await node.run(sync, { input: crm, continueOnFail: true }));
		expect(items[0].action).toBe('unchanged');
		expect(items[2].action).toBe('unchanged');
		expect(items[1].action).toBeUndefined();
		expect(items[1].error).toMatch(new RegExp(`${String(crm[1].cid)}.*(removed|inactive)`));
		expect(writes().length).toBe(before);
	},
);

test('a platform reset: no row is unchanged, and an ID handed out again reaches nothing of the row', async () => {
	sim().traits.resetIds = 'restarted';
	const crm = await synced();
	await fetch(`${sim().url}/${DEMO_KEY}/resetdb`);
	// A new customer on the reset platform, given the first row's old ID.
	await fetch(`${sim().url}/${DEMO_KEY}/customer/add`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ company: 'Someone Else Pty Ltd', email: 'someone@else.example' }),
	});
	const newcomer = sim().state.customers.find((c) => c.email === 'someone@else.example')!;
	expect(newcomer.cid).toBe(crm[0].cid);
	const before = writes().length;
	const items = jsonOf(await node.run(sync, { input: crm, continueOnFail: true }));
	expect(items.filter((item) => item.action === 'unchanged')).toEqual([]);
	for (const item of items) expect(item.error).toBeDefined();
	expect(items[0].error).toMatch(/Someone Else Pty Ltd|another customer/);
	expect(writes().length).toBe(before);
	expect(newcomer).toMatchObject({
		company: 'Someone Else Pty Ltd',
		email: 'someone@else.example',
	});
});

test('a company renamed on the platform is not taken for the row’s: the row says so, nothing written', async () => {
	const crm = await synced();
	sim().state.customers.find((c) => c.cid === crm[2].cid)!.company = 'Moe Glass & Glazing';
	const before = writes().length;
	const [item] = jsonOf(await node.run(sync, { input: [crm[2]], continueOnFail: true }));
	expect(item.error).toMatch(/Moe Glass & Glazing/);
	expect(writes().length).toBe(before);
});
