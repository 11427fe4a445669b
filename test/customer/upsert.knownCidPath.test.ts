import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
import type { Traits } from '../simulator/traits';
const { node, customer } = useCustomer();

// Found by a fresh-eyes review. Create or Update with Billing Customer ID: the row carries the customer ID an
// earlier run wrote back (the item's `cid`). byKnownId takes those digits as that customer's ID for every check
// (whose the email is, whether anything differs) but sends them unproven in customer/update/{cid}; "Wherever
// {cid} appears in a path, the customer id, the account_id or the crm_id may be given", so where the digits are
// another customer's crm_id and the platform takes that one (pathRef), the whole row, email included, is written
// to the other customer, and the item says customer 1003 was updated. The field promises "that customer is
// updated and never another".

const state = () => node.sim().state;
const PLATFORMS: Array<Partial<Traits>> = [{ pathRef: 'crmId' }, { pathRef: 'listed' }];

describe.each(PLATFORMS.map((traits) => [JSON.stringify(traits), traits] as const))(
	'on the platform %s',
	(_label, traits) => {
		test('a row carrying customer 1003’s ID writes to customer 1003, or to no one', async () => {
			Object.assign(node.sim().traits, traits);
			const target = state().customers.find((c) => c.cid === 1003)!;
			const other = state().customers.find((c) => c.cid === 1002)!;
			other.crm_id = '1003';
			const otherBefore = { email: other.email, mobile: other.mobile };
			const result = await node.run(
				customer('upsert', {
					email: target.email,
					knownCid: String(target.cid),
					customerFields: { mobile: '0400999888' },
				}),
				{ continueOnFail: true },
			);
			const [item] = jsonOf(result);
			const after = state().customers.find((c) => c.cid === 1003)!;
			expect({
				other: { email: other.email, mobile: other.mobile },
				// A success item says customer 1003 holds the row now; it must.
				target: item.error ? 'failed' : after.mobile,
			}).toEqual({ other: otherBefore, target: item.error ? 'failed' : '0400999888' });
		});
	},
);
