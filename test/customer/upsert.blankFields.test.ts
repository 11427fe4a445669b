import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

/**
 * Create or Update for a CRM sync (the README's own example): each row's columns are mapped by expression
 * into Customer Fields. A row whose Mobile cell is empty yields '' and the node sends `mobile: ""`, which
 * erases the mobile the platform holds; the README says "Only the fields you add are sent" and the node
 * itself declines to send an empty Price Book name because "the spec does not say the platform keeps the
 * current one when given ''". An undefined cell is dropped, an empty one overwrites.
 */
test.failing(
	'an empty spreadsheet cell in Create or Update leaves the stored mobile as it was',
	async () => {
		const state = () => node.sim().state;
		state().extras.add('searchCid');
		const before = state().customers.find((c) => c.cid === 1001)!;
		expect(before.mobile).toBe('0410000000');
		const result = await node.run(
			customer('upsert', {
				email: '={{ $json.email }}',
				customerFields: { mobile: '={{ $json.mobile }}', company: '={{ $json.company }}' },
			}),
			{ input: [{ email: before.email, mobile: '', company: 'Smith Plumbing 1' }] },
		);
		expect(jsonOf(result)).toEqual([{ action: 'updated', cid: 1001 }]);
		// What happens: POST customer/update/1001 {"email":…,"company":…,"mobile":""}; the mobile is gone.
		expect(state().customers.find((c) => c.cid === 1001)!.mobile).toBe('0410000000');
	},
);
