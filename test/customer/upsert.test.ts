import type { IDataObject } from 'n8n-workflow';
import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// Against the strict platform (the simulator's default): a search record carries only the spec's fields, no cid.

const state = () => node.sim().state;
const withEmail = (email: string) =>
	state().customers.filter((c) => c.email.toLowerCase() === email.toLowerCase());
const writes = () => node.sim().requests.filter((r) => r.method === 'POST');
const upsert = (parameters: IDataObject = {}) =>
	customer('upsert', { email: '={{ $json.email }}', ...parameters });

describe('Customer Create or Update, matched on email', () => {
	test('existing customer 1001 is updated, never created again, however often the row comes', async () => {
		const existing = state().customers.find((c) => c.cid === 1001)!;
		const count = state().customers.length;
		for (let run = 0; run < 2; run++) {
			const result = await node.run(upsert({ customerFields: { mobile: '0400100001' } }), {
				input: [{ email: existing.email.toUpperCase() }],
			});
			expect(jsonOf(result)).toEqual([{ action: 'updated', cid: 1001 }]);
		}
		expect(state().customers.length).toBe(count);
		expect(withEmail(existing.email)).toEqual([
			expect.objectContaining({ cid: 1001, mobile: '0400100001' }),
		]);
	});

	test('a new email is created once; the same row again updates the customer it created', async () => {
		const row = { email: 'ruby@harbourfreight.example' };
		const fields = {
			customerFields: { company: 'Harbour Freight Co', name: 'Ruby', surname: 'Nguyen' },
		};
		const first = await node.run(upsert(fields), { input: [row] });
		const [created] = jsonOf(first);
		expect(created).toEqual({ action: 'created', cid: expect.any(Number) });
		expect(withEmail(row.email)).toEqual([
			expect.objectContaining({ cid: created.cid, company: 'Harbour Freight Co', name: 'Ruby' }),
		]);
		const again = await node.run(upsert({ customerFields: { mobile: '0400100003' } }), {
			input: [row],
		});
		expect(jsonOf(again)).toEqual([{ action: 'updated', cid: created.cid }]);
		expect(withEmail(row.email)).toEqual([
			expect.objectContaining({ cid: created.cid, mobile: '0400100003' }),
		]);
	});

	test('a search that fails never creates: the item fails, paired to its input', async () => {
		// More than one: a retry of the search must meet the failure too.
		node.sim().faults.push(...Array(10).fill('http500'));
		const count = state().customers.length;
		const result = await node.run(upsert(), {
			input: [{ email: 'ruby@harbourfreight.example' }],
			continueOnFail: true,
		});
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ error: expect.stringMatching(/HTTP 500/) }),
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(state().customers.length).toBe(count);
		expect(writes()).toEqual([]);
	});

	test('two customers with the email: nothing is created or updated, and the error says what to do', async () => {
		const [a, b] = state().customers;
		b.email = a.email.toUpperCase();
		const before = JSON.stringify(state().customers);
		const result = await node.run(upsert({ customerFields: { mobile: '0400000000' } }), {
			input: [{ email: a.email }],
		});
		expect(result.error?.message).toBe(
			`2 customers have the email ${a.email}; nothing was created or updated: set Match On to ` +
				'Customer ID, Account ID or CRM ID and give one of them',
		);
		// The node stopped itself: the description must not blame the platform.
		expect(result.error?.description).toMatch(
			/^Nothing was created or updated: .*rather than guess/,
		);
		expect(writes()).toEqual([]);
		expect(JSON.stringify(state().customers)).toBe(before);
	});

	test('a match whose id cannot be told (its company is shared) is not guessed: no write', async () => {
		const [a, b] = state().customers;
		b.company = a.company;
		const result = await node.run(upsert(), { input: [{ email: a.email }], continueOnFail: true });
		expect(jsonOf(result)).toEqual([
			{
				error:
					`A customer has the email ${a.email}, but the platform’s search does not give its ID and 2 ` +
					`active customers have its company “${a.company}”; nothing was created or updated: set ` +
					'Match On to Customer ID, Account ID or CRM ID and give one of them',
			},
		]);
		expect(writes()).toEqual([]);
	});

	test('an inactive customer of the same company is not taken for the match', async () => {
		// The match is inactive (absent from getAll); an active customer has the same company.
		const [a, b] = state().customers;
		b.company = a.company;
		b.active = false;
		const result = await node.run(upsert(), { input: [{ email: b.email }], continueOnFail: true });
		expect(String(jsonOf(result)[0].error)).toContain('2 customers have its company');
		expect(writes()).toEqual([]);
	});

	test('a transient Update failure never creates: the item fails, paired to its input', async () => {
		// The lookup goes through (search by email, getAll, search by company); the update fails.
		node.sim().faults.push('pass', 'pass', 'pass', ...Array(10).fill('http500'));
		const count = state().customers.length;
		const result = await node.run(upsert({ customerFields: { mobile: '0400100001' } }), {
			input: [{ email: state().customers[0].email }],
			continueOnFail: true,
		});
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ error: expect.stringMatching(/HTTP 500/) }),
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(state().customers.length).toBe(count);
		expect(writes().every((r) => r.url.includes('/customer/update/'))).toBe(true);
	});

	test('several rows under Continue On Fail: each its own outcome, paired to its row', async () => {
		const [a, b, c] = state().customers;
		c.email = b.email;
		const result = await node.run(upsert({ customerFields: { name: '={{ $json.name }}' } }), {
			input: [
				{ email: a.email, name: a.name },
				{ email: b.email, name: b.name },
				{ email: 'new.one@example.net', name: 'New' },
			],
			continueOnFail: true,
		});
		const out = jsonOf(result);
		expect(out[0]).toEqual({ action: 'updated', cid: a.cid });
		expect(String(out[1].error)).toMatch(/^2 customers have the email/);
		expect(out[2]).toEqual({ action: 'created', cid: expect.any(Number) });
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('a platform whose search records carry cid: that cid is used, no further lookup', async () => {
		state().extras.add('searchCid');
		const target = state().customers[2];
		const result = await node.run(upsert(), { input: [{ email: target.email }] });
		expect(jsonOf(result)).toEqual([{ action: 'updated', cid: target.cid }]);
		expect(node.sim().requests.map((r) => r.url.split('/')[2])).toEqual(['customer', 'customer']);
		expect(node.sim().requests.some((r) => r.url.endsWith('/customer/getAll'))).toBe(false);
	});

	test('refused before sending: no email, not an email, two different emails', async () => {
		const cases: Array<[IDataObject, string]> = [
			[{ email: '={{ "" }}' }, 'Email (email) is required'],
			[{ email: 'not-an-email' }, 'Email (email) must be an email address such as name@email.com'],
			[
				{ email: 'a@b.example', customerFields: { email: 'c@d.example' } },
				'Email (email) is what the customer is matched on: leave Email out of Customer Fields, ' +
					'or give the same address in both',
			],
		];
		for (const [parameters, message] of cases) {
			const result = await node.run(customer('upsert', parameters));
			expect(result.error?.message).toBe(message);
		}
		expect(node.sim().requests).toEqual([]);
	});
});

describe('Customer Create or Update, matched on ID, account_id or crm_id', () => {
	test('a crm_id updates its customer', async () => {
		const target = state().customers[4];
		const result = await node.run(
			customer('upsert', {
				matchOn: 'reference',
				customerRef: target.crm_id,
				customerFields: { company: 'Renamed Pty' },
			}),
		);
		expect(jsonOf(result)).toEqual([{ action: 'updated', cid: target.cid }]);
		expect(state().customers[4].company).toBe('Renamed Pty');
	});

	test('an unknown reference never creates (a new customer could not carry it), and says what to do', async () => {
		const count = state().customers.length;
		const result = await node.run(
			customer('upsert', {
				matchOn: 'reference',
				customerRef: 'CRM-NEW-0001',
				customerFields: { company: 'Harbour Freight Co' },
			}),
		);
		expect(result.error?.message).toBe(
			'No customer has the ID, account_id or crm_id CRM-NEW-0001, and nothing was created: the platform ' +
				'cannot give a new customer an account_id or crm_id. Set Match On to Email to create customers',
		);
		expect(state().customers.length).toBe(count);
		expect(writes()).toEqual([]);
	});
});
