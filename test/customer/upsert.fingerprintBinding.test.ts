import type { IDataObject } from 'n8n-workflow';
import { crmRowSync, useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// A Last Written Fingerprint says what a customer was given: only values written to (or found held by) that
// customer, bound to that customer. A CRM changes between nights: a duplicate row leaves, a sheet is re-sorted,
// an ID is copied to the wrong row. Whatever the fingerprint a row carries, no value is claimed synced that was
// not written, and no row's value reaches another customer.

const sim = () => node.sim();

const sync = customer('upsert', crmRowSync(['company', 'name', 'surname', 'mobile']));

const customerOf = (cid: unknown) => sim().state.customers.find((c) => c.cid === Number(cid))!;

/** Each row with what its item gave written back, as the sync's write-back step does (errors leave a row be). */
function writtenBack(rows: IDataObject[], items: IDataObject[]): IDataObject[] {
	return rows.map((row, index) =>
		items[index].error === undefined
			? { ...row, cid: items[index].cid, fingerprint: items[index].fingerprint }
			: row,
	);
}

test('two rows of one email (differing in case): the value not written is not fingerprinted, and is written once the other row leaves', async () => {
	const rows = [
		{
			email: 'pat.kim@example.com',
			company: 'Kim Plumbing',
			name: 'Pat',
			surname: 'Kim',
			mobile: '0411000001',
		},
		{
			email: 'Pat.Kim@Example.com',
			company: 'Kim Plumbing',
			name: 'Pat',
			surname: 'Kim',
			mobile: '0411000002',
		},
	];
	const first = jsonOf(await node.run(sync, { input: rows, continueOnFail: true }));
	expect(first.map((item) => item.action)).toEqual(['created', 'unchanged']);
	expect(first[1]).toMatchObject({ notWritten: ['mobile'] });
	const crm = writtenBack(rows, first);
	// The duplicate row leaves the CRM: the surviving row's mobile is now the customer's to have.
	const [survivor] = jsonOf(await node.run(sync, { input: [crm[1]], continueOnFail: true }));
	expect(survivor).toMatchObject({ action: 'updated', changed: ['mobile'] });
	expect(customerOf(first[0].cid).mobile).toBe('0411000002');
});

test('a row carrying another customer’s ID behind that customer’s own row is refused, and gets no fingerprint of it', async () => {
	const rows = [
		{
			email: 'yan.li@example.com',
			company: 'Li Electrical',
			name: 'Yan',
			surname: 'Li',
			mobile: '0422000001',
		},
		{
			email: 'xu.wu@example.com',
			company: 'Wu Joinery',
			name: 'Xu',
			surname: 'Wu',
			mobile: '0422000002',
		},
	];
	const synced = writtenBack(
		rows,
		jsonOf(await node.run(sync, { input: rows, continueOnFail: true })),
	);
	const [yan, xu] = synced;
	// Xu's row gets Yan's ID by a copy-paste; its own fingerprint no longer applies.
	const copied = { ...xu, cid: yan.cid, fingerprint: '' };
	const night1 = jsonOf(await node.run(sync, { input: [yan, copied], continueOnFail: true }));
	expect(night1[0].action).toBe('unchanged');
	expect(night1[1].error).toMatch(/yan\.li@example\.com|another customer|Billing Customer ID/);
	expect(night1[1].fingerprint).toBeUndefined();
	// Next night the sheet is re-sorted and Xu's mobile edited: nothing reaches Yan.
	const night2Rows = [{ ...writtenBack([copied], [night1[1]])[0], mobile: '0422999999' }, yan];
	const night2 = jsonOf(await node.run(sync, { input: night2Rows, continueOnFail: true }));
	expect(night2[0].error).toBeDefined();
	expect(customerOf(yan.cid).mobile).toBe('0422000001');
	expect(customerOf(yan.cid).email).toBe('yan.li@example.com');
});

test('Match On reference: a row decided by its fingerprint outputs it again, so the CRM keeps it', async () => {
	const target = sim().state.customers.find((c) => c.cid === 1001)!;
	const byReference = customer('upsert', {
		matchOn: 'reference',
		customerRef: '={{ $json.cid }}',
		lastWritten: '={{ $json.fingerprint ?? "" }}',
		customerFields: { mobile: '={{ $json.mobile }}' },
	});
	const row = { cid: String(target.cid), mobile: '0433000001' };
	const [first] = jsonOf(await node.run(byReference, { input: [row] }));
	expect(first.action).toBe('rewritten');
	expect(first.fingerprint).toMatch(/^v1\./);
	const before = sim().requests.length;
	const [again] = jsonOf(
		await node.run(byReference, { input: [{ ...row, fingerprint: first.fingerprint }] }),
	);
	expect(again).toMatchObject({ action: 'unchanged', fingerprint: first.fingerprint });
	// One request: the customer list, which proves the customer is still there.
	expect(sim().requests.length - before).toBe(1);
});

// Found by the world-between-runs property (test/properties/syncWorld.test.ts): two people of one company, one
// row given the other's ID. The customer list tells them apart by company only; the email the platform shows for
// the ID (Bulk Email's preview, a read) tells the ID is the other person's, and nothing is written to them.
test.each([
	['while its own customer is still there', false],
	['after its own customer was removed', true],
])(
	'a row carrying the ID of another customer of its company is refused, %s',
	async (_when, removed) => {
		const rows = [
			{
				email: 'bea.lund@example.com',
				company: 'Lund & Co',
				name: 'Bea',
				surname: 'Lund',
				mobile: '0466000001',
			},
			{
				email: 'cal.lund@example.com',
				company: 'Lund & Co',
				name: 'Cal',
				surname: 'Lund',
				mobile: '0466000002',
			},
		];
		const synced = writtenBack(
			rows,
			jsonOf(await node.run(sync, { input: rows, continueOnFail: true })),
		);
		if (removed)
			sim().state.customers = sim().state.customers.filter((c) => c.email !== rows[0].email);
		const copied = { ...synced[0], cid: synced[1].cid, fingerprint: '' };
		const before = JSON.stringify(customerOf(synced[1].cid));
		const [item] = jsonOf(await node.run(sync, { input: [copied], continueOnFail: true }));
		expect(item.error).toMatch(/cal\.lund@example\.com/);
		expect(JSON.stringify(customerOf(synced[1].cid))).toBe(before);
	},
);
