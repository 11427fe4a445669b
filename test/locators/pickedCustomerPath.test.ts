import { useCustomer } from '../kits/customer';
import type { Traits } from '../simulator/traits';
const { node, customer } = useCustomer();

// Found by a fresh-eyes review. The customer picker (list mode) lists customers by their customer ID, read from
// customer/getAll: the value it stores is a cid, never a crm_id. That cid goes into a {cid} path as digits,
// unchecked, and "Wherever {cid} appears in a path, the customer id, the account_id or the crm_id may be
// given": on a platform where another customer's crm_id is those digits and wins (trait pathRef), the payment
// reaches the other customer. pathToCustomer proves the path for a customer given by name; the picked one is
// never proved. CRM ids made of digits are common.

const state = () => node.sim().state;
const PLATFORMS: Array<Partial<Traits>> = [{ pathRef: 'crmId' }, { pathRef: 'listed' }];

describe.each(PLATFORMS.map((traits) => [JSON.stringify(traits), traits] as const))(
	'on the platform %s',
	(_label, traits) => {
		test('Take Payment for a customer picked from the list charges that customer, or no one', async () => {
			Object.assign(node.sim().traits, traits);
			const target = state().customers.find((c) => c.cid === 1003)!;
			const other = state().customers.find((c) => c.cid === 1002)!;
			other.crm_id = '1003';
			target.card_token = 'tok_target';
			other.card_token = 'tok_other';
			const payments = state().payments.length;
			await node.run(
				customer('takePayment', {
					cid: { __rl: true, mode: 'list', value: String(target.cid) },
					amount: 25,
					pay_with: 'card_on_file',
				}),
				{ continueOnFail: true },
			);
			const charged = state()
				.payments.slice(payments)
				.map((p) => p.cid);
			expect(charged).not.toContain(other.cid);
		});
	},
);
