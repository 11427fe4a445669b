import type { IDataObject } from 'n8n-workflow';
import { crmRowSync, useCustomer } from '../kits/customer';
import { DEMO_KEY, jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// Review (issue 40, "no row unchanged whose customer is gone"; "nothing of a row reaches another customer"): a
// residential customer has no company. After a platform reset that hands IDs out again (trait resetIds), the
// customer list cannot tell the row's customer from the newcomer holding its old ID by company, and the
// fingerprint path asks nothing else: the row is `unchanged`, or its edit is written to the newcomer.

const sim = () => node.sim();

const sync = customer('upsert', crmRowSync(['company', 'name', 'surname', 'mobile']));

// A household: no company, as most residential rows of a CRM.
const ROW: IDataObject = {
	email: 'dot.hale@example.com',
	company: '',
	name: 'Dot',
	surname: 'Hale',
	mobile: '0470000004',
};

async function syncedThenReset(): Promise<{ crm: IDataObject; newcomer: IDataObject }> {
	sim().traits.resetIds = 'restarted';
	const [first] = jsonOf(await node.run(sync, { input: [ROW], continueOnFail: true }));
	expect(first.action).toBe('created');
	const crm = { ...ROW, cid: first.cid, fingerprint: first.fingerprint };
	await fetch(`${sim().url}/${DEMO_KEY}/resetdb`);
	// Someone else signs up on the reset platform, and is given the row's old ID.
	await fetch(`${sim().url}/${DEMO_KEY}/customer/add`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			name: 'Eve',
			surname: 'Other',
			email: 'eve.other@example.com',
			mobile: '0411111111',
		}),
	});
	const newcomer = sim().state.customers.find((c) => c.email === 'eve.other@example.com')!;
	expect(newcomer.cid).toBe(Number(crm.cid));
	return { crm, newcomer: newcomer as unknown as IDataObject };
}

test('a household row whose customer the reset removed is not `unchanged`', async () => {
	const { crm } = await syncedThenReset();
	const [item] = jsonOf(await node.run(sync, { input: [crm], continueOnFail: true }));
	// Its customer is gone: the row must say so (or be created again), never claim the platform holds it.
	expect(item.action).not.toBe('unchanged');
});

test('a household row edited after the reset writes nothing to the newcomer holding its old ID', async () => {
	const { crm, newcomer } = await syncedThenReset();
	await node.run(sync, { input: [{ ...crm, mobile: '0470009999' }], continueOnFail: true });
	expect(newcomer.mobile).toBe('0411111111');
});
