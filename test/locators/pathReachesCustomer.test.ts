import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
import type { Traits } from '../simulator/traits';
const { node, customer } = useCustomer();

// Found by a fresh-eyes review (issue 31): "Wherever {cid} appears in a path, the customer id, the account_id or the crm_id may be
// given", and which customer wins when a value is one customer's id and another's crm_id is open (trait
// pathRef). A customer given by name, account_id or email is resolved to its cid (CustomerIdentity, the customer
// list), and that cid is then put in a PATH (customer/payment/{cid}, customer/update/{cid}), where the platform
// reads it again as a reference: when an older customer's crm_id is those digits, the write reaches that other
// customer. CRM ids made of digits are common. Nothing checks that the path reaches the customer resolved.

const state = () => node.sim().state;
const PLATFORMS: Array<Partial<Traits>> = [{ pathRef: 'crmId' }, { pathRef: 'listed' }];

function collide() {
	const target = state().customers.find((c) => c.cid === 1003)!;
	const other = state().customers.find((c) => c.cid === 1002)!;
	// The other (older) customer's CRM id is the target's customer id, as digits.
	other.crm_id = '1003';
	target.card_token = 'tok_target';
	other.card_token = 'tok_other';
	return { target, other, otherBefore: JSON.stringify(other) };
}

describe.each(PLATFORMS.map((traits) => [JSON.stringify(traits), traits] as const))(
	'on the platform %s',
	(_label, traits) => {
		test('Take Payment for a customer given by its company charges that customer, or no one', async () => {
			Object.assign(node.sim().traits, traits);
			const { target, other } = collide();
			const payments = state().payments.length;
			const result = await node.run(
				customer('takePayment', {
					cid: { __rl: true, mode: 'id', value: target.company },
					amount: 25,
					pay_with: 'card_on_file',
				}),
				{ continueOnFail: true },
			);
			const made = state()
				.payments.slice(payments)
				.map((p) => p.cid);
			expect({ made, out: jsonOf(result) }).toMatchObject({
				made: made.length ? [target.cid] : [],
			});
			expect(made).not.toContain(other.cid);
		});

		test('Take Payment for a customer given by its account_id charges that customer, or no one', async () => {
			Object.assign(node.sim().traits, traits);
			const { target, other } = collide();
			const payments = state().payments.length;
			await node.run(
				customer('takePayment', {
					cid: { __rl: true, mode: 'id', value: target.account_id },
					amount: 25,
					pay_with: 'card_on_file',
				}),
				{ continueOnFail: true },
			);
			const made = state()
				.payments.slice(payments)
				.map((p) => p.cid);
			expect(made).not.toContain(other.cid);
		});

		test('Update of a customer given by its account_id writes to that customer, or to no one', async () => {
			Object.assign(node.sim().traits, traits);
			const { target, otherBefore } = collide();
			await node.run(
				customer('update', {
					cid: { __rl: true, mode: 'id', value: target.account_id },
					updateFields: { mobile: '0400555666' },
				}),
				{ continueOnFail: true },
			);
			expect(JSON.stringify(state().customers.find((c) => c.cid === 1002))).toBe(otherBefore);
		});

		test('Create or Update by the email of a customer writes to that customer, or to no one', async () => {
			Object.assign(node.sim().traits, traits);
			node.sim().extras.add('searchCid');
			const { target, otherBefore } = collide();
			await node.run(
				customer('upsert', { email: target.email, customerFields: { mobile: '0400555666' } }),
				{ continueOnFail: true },
			);
			expect(JSON.stringify(state().customers.find((c) => c.cid === 1002))).toBe(otherBefore);
		});
	},
);
