import type { IDataObject } from 'n8n-workflow';
import { crmRowSync, useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// Review (issue 40 item 6, "an ID copied to another row"; invariant "no write to a customer the row is not"): two
// people of one company, both synced. One row's Billing Customer ID is copied onto the other's by mistake. Where
// the key has Bulk Email, the email the platform holds for the ID stops the row. A key without that capability
// (a sync key given only what the sync needs) gets no such proof, and the row is "written whole" to the ID's
// customer: the other person's email, name and mobile land on the wrong customer, and two customers now hold
// one address (the docs: a record proven another's stops the row "rather than give two customers one address").

const KEY = 'demo-key-nocdr'; // department 1, no bulk email capability

const sim = () => node.sim();

const sync = customer('upsert', crmRowSync(['company', 'name', 'surname', 'mobile']));

const ROWS: IDataObject[] = [
	{
		email: 'bea.lund@example.com',
		company: 'Lund & Co',
		name: 'Bea',
		surname: 'Lund',
		mobile: '0470000002',
	},
	{
		email: 'cal.lund@example.com',
		company: 'Lund & Co',
		name: 'Cal',
		surname: 'Lund',
		mobile: '0470000003',
	},
];

test('a row given its colleague’s Billing Customer ID writes nothing of it to the colleague', async () => {
	const first = jsonOf(await node.run(sync, { input: ROWS, apiKey: KEY, continueOnFail: true }));
	expect(first.map((item) => item.action)).toEqual(['created', 'created']);
	const [bea, cal] = ROWS.map((row, at) => ({
		...row,
		cid: first[at].cid,
		fingerprint: first[at].fingerprint,
	}));
	// Cal's row gets Bea's ID by a copy-paste in the CRM (its fingerprint cleared with it).
	const wrong = { ...cal, cid: bea.cid, fingerprint: '' };
	await node.run(sync, { input: [wrong], apiKey: KEY, continueOnFail: true });
	const beaOnPlatform = sim().state.customers.find((c) => c.cid === Number(bea.cid))!;
	expect(beaOnPlatform).toMatchObject({
		email: 'bea.lund@example.com',
		name: 'Bea',
		mobile: '0470000002',
	});
});
