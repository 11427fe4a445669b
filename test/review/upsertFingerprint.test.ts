import type { IDataObject } from 'n8n-workflow';
import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// Review: the nightly sync's Last Written Fingerprint says "what the row last wrote". A fingerprint handed out by
// a run that wrote nothing, or written for another customer, must not make a later real run skip the write.

const sim = () => node.sim();
const updates = () =>
	sim().handled.filter((r) => r.method === 'POST' && /customer\/update\//.test(r.url));

const sync = (extra: IDataObject = {}) =>
	customer('upsert', {
		email: '={{ $json.email }}',
		knownCid: '={{ $json.cid ?? "" }}',
		lastWritten: '={{ $json.fingerprint ?? "" }}',
		customerFields: { mobile: '={{ $json.mobile }}' },
		...extra,
	});

test('a Dry Run hands out no fingerprint a real run would then take as written', async () => {
	const target = sim().state.customers.find((c) => c.cid === 1001)!;
	// Synced before: the row and its fingerprint as the CRM holds them.
	const first = jsonOf(
		await node.run(sync(), {
			input: [{ email: target.email, cid: '1001', mobile: target.mobile }],
		}),
	);
	const crm: IDataObject = {
		email: target.email,
		cid: '1001',
		fingerprint: first[0].fingerprint,
		mobile: '0499111222',
	};
	// The team previews tonight's sync (the same workflow, Dry Run on) and the workflow writes back as usual.
	const preview = jsonOf(await node.run(sync({ dryRun: true }), { input: [crm] }));
	expect(preview[0]).toMatchObject({ dryRun: true, action: 'wouldUpdate' });
	expect(updates()).toHaveLength(0);
	const writtenBack = { ...crm, fingerprint: preview[0].fingerprint ?? crm.fingerprint };
	// Then the real run: the mobile changed and was never written, so it must be written now.
	const real = jsonOf(await node.run(sync(), { input: [writtenBack] }));
	expect(target.mobile).toBe('0499111222');
	expect(real[0].action).toBe('updated');
});

test('a row given another Billing Customer ID is written to that customer, not skipped as unchanged', async () => {
	const [a, b] = [1001, 1002].map((cid) => sim().state.customers.find((c) => c.cid === cid)!);
	const row = { email: 'moved.row@example.com', mobile: '0499333444' };
	// Synced to customer 1001, which holds the row's email.
	a.email = row.email;
	const first = jsonOf(await node.run(sync(), { input: [{ ...row, cid: '1001' }] }));
	expect(first[0].action).not.toBe('unchanged');
	expect(a.mobile).toBe('0499333444');
	// The CRM row is re-linked to customer 1002 (1001 was a duplicate, merged into 1002 by hand): same values.
	const bMobile = b.mobile;
	const again = jsonOf(
		await node.run(sync(), {
			input: [{ ...row, cid: '1002', fingerprint: first[0].fingerprint }],
			continueOnFail: true,
		}),
	);
	// Customer 1002 never received the row's values: "unchanged" would say it holds them.
	if (b.mobile === bMobile) expect(again[0].action).not.toBe('unchanged');
});
