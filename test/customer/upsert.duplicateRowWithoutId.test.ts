import type { IDataObject } from 'n8n-workflow';
import { crmRowSync, useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// Review (issue 40 item 5, "one email twice differing in case"): docs/operations.md says rows of one run with one
// email (ignoring case) or one Billing Customer ID take turns and settle on the first row's values. A synced row
// (with its ID and fingerprint) and a new duplicate of it in the CRM (the same email in another case, no ID yet)
// are noted under two keys (the ID, the email): the duplicate writes its value over the synced row's, and the
// synced row's fingerprint claims a value the customer no longer holds, for good.

const sim = () => node.sim();

const sync = customer('upsert', crmRowSync(['company', 'name', 'surname', 'mobile']));

const ROW: IDataObject = {
	email: 'ada.frost@example.com',
	company: 'Frost Joinery',
	name: 'Ada',
	surname: 'Frost',
	mobile: '0470000001',
};

async function syncedRow(): Promise<IDataObject> {
	const [first] = jsonOf(await node.run(sync, { input: [ROW], continueOnFail: true }));
	expect(first.action).toBe('created');
	return { ...ROW, cid: first.cid, fingerprint: first.fingerprint };
}

const customerHolding = () =>
	sim().state.customers.find((c) => c.email.toLowerCase() === 'ada.frost@example.com')!;

test('the synced row first, its duplicate (no ID, email upper case) second: the first row’s mobile is kept', async () => {
	const synced = await syncedRow();
	const duplicate = { ...ROW, email: 'ADA.FROST@EXAMPLE.COM', mobile: '0478888888' };
	const items = jsonOf(await node.run(sync, { input: [synced, duplicate], continueOnFail: true }));
	// "settle on the first row's values": the later row's differing mobile is named in notWritten, not written.
	expect(customerHolding().mobile).toBe('0470000001');
	expect(items[1]).toMatchObject({ sameCustomerAsItem: 0, notWritten: ['mobile'] });
});

test('after that night, no row says `unchanged` with a fingerprint claiming a mobile the customer does not hold', async () => {
	const synced = await syncedRow();
	const duplicate = { ...ROW, email: 'ADA.FROST@EXAMPLE.COM', mobile: '0478888888' };
	const items = jsonOf(await node.run(sync, { input: [synced, duplicate], continueOnFail: true }));
	const claimsOwnMobile = items[0].action === 'unchanged' || items[0].action === 'updated';
	if (claimsOwnMobile) expect(customerHolding().mobile).toBe(synced.mobile);
});

test('the night after (both rows written back): the synced row’s mobile is not left off the platform for good', async () => {
	const synced = await syncedRow();
	const duplicate: IDataObject = { ...ROW, email: 'ADA.FROST@EXAMPLE.COM', mobile: '0478888888' };
	const night = jsonOf(await node.run(sync, { input: [synced, duplicate], continueOnFail: true }));
	const crm = [synced, duplicate].map((row, at) =>
		night[at].error === undefined
			? {
					...row,
					cid: night[at].cid ?? row.cid,
					fingerprint: night[at].fingerprint ?? row.fingerprint,
				}
			: row,
	);
	const next = jsonOf(await node.run(sync, { input: crm, continueOnFail: true }));
	// Row 0 (first in input) says its mobile is synced: the customer must hold it.
	if (next[0].action === 'unchanged') expect(customerHolding().mobile).toBe('0470000001');
});
