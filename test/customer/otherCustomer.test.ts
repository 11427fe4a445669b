import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
import type { Traits } from '../simulator/traits';
const { node, customer } = useCustomer();

// Reported by a review of the spec against the package (issue 31): an inactive customer A whose company
// differs from an active customer B's only in case or spacing. The customer list shows B alone (it holds active
// customers); A is found by email. Comparing the list one way and the search another took B's cid for A: A's
// email and mobile were written onto B, and a payment "for A" charged B's card. Each case runs on the
// simulator's default platform and on one whose search compares case (both allowed by the spec).

const state = () => node.sim().state;
const PLATFORMS: Array<Partial<Traits>> = [{}, { searchCase: 'compared' }];

function twins(companyOfA: string) {
	const [a, b] = state().customers.filter((c) => c.deptid === 1 && c.active && c.email !== '');
	b.company = 'Acme Telecom';
	a.company = companyOfA;
	a.active = false;
	b.card_token = 'tok_b';
	a.card_token = 'tok_a';
	return { a, b, bBefore: JSON.stringify(b) };
}

describe.each(PLATFORMS.map((traits) => [JSON.stringify(traits), traits] as const))(
	'on the platform %s',
	(_label, traits) => {
		for (const company of ['ACME TELECOM', 'Acme  Telecom']) {
			test(`Create or Update for A's email ("${company}") never writes onto B`, async () => {
				Object.assign(node.sim().traits, traits);
				const { a, bBefore } = twins(company);
				const result = await node.run(
					customer('upsert', { email: a.email, customerFields: { mobile: '0400999999' } }),
					{ continueOnFail: true },
				);
				expect(JSON.stringify(state().customers.find((c) => c.company === 'Acme Telecom'))).toBe(
					bBefore,
				);
				expect(jsonOf(result)[0]).toEqual({ error: expect.stringContaining(a.email) });
			});

			test(`Take Payment for A by email ("${company}") charges no one else`, async () => {
				Object.assign(node.sim().traits, traits);
				const { a, b } = twins(company);
				const payments = state().payments.length;
				const result = await node.run(
					customer('takePayment', {
						cid: { __rl: true, mode: 'id', value: a.email },
						amount: 50,
						pay_with: 'card_on_file',
					}),
					{ continueOnFail: true },
				);
				const made = state().payments.slice(payments);
				expect(made.filter((p) => p.cid === b.cid)).toEqual([]);
				expect(made.every((p) => p.cid === a.cid)).toBe(true);
				if (made.length === 0) expect(String(jsonOf(result)[0].error)).toContain(a.email);
			});
		}

		test('a CRM row whose email differs only in case from the stored one updates that customer, never a second', async () => {
			Object.assign(node.sim().traits, traits);
			const stored = state().customers.find((c) => c.cid === 1001)!;
			stored.email = 'Accounts@Example-Telco.com';
			const count = state().customers.length;
			const result = await node.run(
				customer('upsert', {
					email: 'accounts@example-telco.com',
					customerFields: { company: stored.company, mobile: '0400123123' },
				}),
			);
			expect(result.error).toBeUndefined();
			expect(state().customers.length).toBe(count);
			expect(jsonOf(result)[0]).toMatchObject({ action: 'updated', cid: 1001 });
			expect(stored.mobile).toBe('0400123123');
		});
	},
);
