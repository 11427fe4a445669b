import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

/**
 * Create or Update for a CRM sync (the README's own example): each row's columns are mapped by expression
 * into Customer Fields. A row whose Mobile cell is empty yields ''; sent, `mobile: ""` would erase the
 * mobile the platform holds. Blank values are left out of update bodies (the spec gives no way to clear).
 */
test('an empty spreadsheet cell in Create or Update leaves the stored mobile as it was', async () => {
	const state = () => node.sim().state;
	state().extras.add('searchCid');
	const before = state().customers.find((c) => c.cid === 1001)!;
	expect(before.mobile).toBe('0410000000');
	const result = await node.run(
		customer('upsert', {
			email: '={{ $json.email }}',
			customerFields: { mobile: '={{ $json.mobile }}', company: '={{ $json.company }}' },
		}),
		{ input: [{ email: before.email, mobile: '', company: 'Smith Plumbing One' }] },
	);
	// The company changed, so the customer is written; the empty cell is not.
	expect(jsonOf(result)).toEqual([
		expect.objectContaining({
			action: 'updated',
			cid: 1001,
			company: 'Smith Plumbing One',
			mobile: '0410000000',
		}),
	]);
	expect(state().customers.find((c) => c.cid === 1001)!.mobile).toBe('0410000000');
});
