import type { IDataObject } from 'n8n-workflow';
import { useCustomer } from '../kits/customer';
import { DEMO_KEY, jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// Against the strict platform (the simulator's default) a search record carries only the spec's fields, no
// cid: an existing customer found by email is found on the customer list by its company, only where no other
// customer shares it. Most tests of updates switch on `searchCid`, a platform whose search gives the cid
// (the spec: further data may be present); the strict platform's own tests are at the end of the first block.

const state = () => node.sim().state;
const withEmail = (email: string) =>
	state().customers.filter((c) => c.email.toLowerCase() === email.toLowerCase());
// What changes the platform: a POST, but for Bulk Email's preview (a read, which shows the email an ID holds).
const writes = () =>
	node.sim().requests.filter((r) => r.method === 'POST' && !r.url.endsWith('/bulk-email/preview'));
const upsert = (parameters: IDataObject = {}) =>
	customer('upsert', { email: '={{ $json.email }}', ...parameters });

describe('Customer Create or Update, matched on email', () => {
	test('existing customer 1001 is updated, never created again, however often the row comes', async () => {
		state().extras.add('searchCid');
		const existing = state().customers.find((c) => c.cid === 1001)!;
		const count = state().customers.length;
		for (let run = 0; run < 2; run++) {
			const result = await node.run(upsert({ customerFields: { mobile: '0400999001' } }), {
				input: [{ email: existing.email.toUpperCase() }],
			});
			// The first run writes the mobile; the second finds it held. The email differs only in case: the
			// same email, never written for that.
			expect(jsonOf(result)).toEqual([
				expect.objectContaining({
					action: run === 0 ? 'updated' : 'unchanged',
					cid: 1001,
					mobile: '0400999001',
					...(run === 0 ? { written: ['mobile'] } : {}),
				}),
			]);
		}
		expect(writes()).toHaveLength(1);
		expect(state().customers.length).toBe(count);
		expect(withEmail(existing.email)).toEqual([
			expect.objectContaining({ cid: 1001, mobile: '0400999001', email: existing.email }),
		]);
	});

	test('a new email is created once; the same row again updates the customer it created', async () => {
		state().extras.add('searchCid');
		const row = { email: 'ruby@harbourfreight.example' };
		const fields = {
			customerFields: { company: 'Harbour Freight Co', name: 'Ruby', surname: 'Nguyen' },
		};
		const first = await node.run(upsert(fields), { input: [row] });
		const [created] = jsonOf(first);
		expect(created).toMatchObject({ action: 'created', cid: expect.any(Number), name: 'Ruby' });
		expect(withEmail(row.email)).toEqual([
			expect.objectContaining({ cid: created.cid, company: 'Harbour Freight Co', name: 'Ruby' }),
		]);
		const again = await node.run(upsert({ customerFields: { mobile: '0400100003' } }), {
			input: [row],
		});
		expect(jsonOf(again)).toEqual([
			expect.objectContaining({ action: 'updated', cid: created.cid, mobile: '0400100003' }),
		]);
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
			`2 customers have the email ${a.email}; nothing was created or updated: give the customer’s ID ` +
				'in Billing Customer ID (the ID an earlier run wrote back, or one from Customer Search)',
		);
		// The node stopped itself: the description must not blame the platform.
		expect(result.error?.description).toMatch(
			/^Nothing was written for this item: .*rather than guess/,
		);
		expect(writes()).toEqual([]);
		expect(JSON.stringify(state().customers)).toBe(before);
	});

	test('a transient Update failure never creates: the item fails, paired to its input', async () => {
		// The lookup goes through (search by email, which gives the cid); the update fails.
		state().extras.add('searchCid');
		node.sim().faults.push('pass', ...Array(10).fill('http500'));
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
		state().extras.add('searchCid');
		const [a, b, c] = state().customers;
		c.email = b.email;
		const result = await node.run(upsert({ customerFields: { name: '={{ $json.name }}' } }), {
			input: [
				{ email: a.email, name: 'Junior' },
				{ email: b.email, name: b.name },
				{ email: 'new.one@example.net', name: 'New' },
			],
			continueOnFail: true,
		});
		const out = jsonOf(result);
		expect(out[0]).toMatchObject({ action: 'updated', cid: a.cid, name: 'Junior' });
		expect(String(out[1].error)).toMatch(/^2 customers have the email/);
		expect(out[2]).toMatchObject({ action: 'created', cid: expect.any(Number), name: 'New' });
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('a platform whose search records carry cid: that cid is used, proven active and to reach that customer', async () => {
		state().extras.add('searchCid');
		const target = state().customers[2];
		const result = await node.run(upsert({ customerFields: { mobile: '0400100009' } }), {
			input: [{ email: target.email }],
		});
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ action: 'updated', cid: target.cid }),
		]);
		// The search, the customer list (an inactive customer is not taken), a read proving the cid reaches that
		// customer in a path, the update.
		expect(node.sim().requests.map((r) => r.url.replace(/^\/[^/]+/, '').split('/')[2])).toEqual([
			'search',
			'getAll',
			'balance',
			'update',
		]);
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
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ action: 'rewritten', cid: target.cid, company: 'Renamed Pty' }),
		]);
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

describe('Customer Create or Update: one customer per email, however the items come', () => {
	const adds = () => node.sim().requests.filter((r) => r.url.endsWith('/customer/add'));

	test('the same new email in several items of one run (case and spaces differ) makes one customer; the first row’s values stand, later rows fill only what it left out', async () => {
		const result = await node.run(
			upsert({ customerFields: { name: '={{ $json.name }}', mobile: '={{ $json.mobile }}' } }),
			{
				input: [
					{ email: 'ruby@harbourfreight.example', name: 'Ruby' },
					{ email: '  RUBY@HarbourFreight.example ', name: 'Rubina', mobile: '0400555111' },
					{ email: 'jo@harbourfreight.example', name: 'Jo' },
					{ email: 'Ruby@harbourfreight.example', name: 'Ruby' },
				],
				credential: { maxConcurrency: 10 },
			},
		);
		const [ruby] = withEmail('ruby@harbourfreight.example');
		expect(withEmail('ruby@harbourfreight.example')).toHaveLength(1);
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ action: 'created', cid: ruby.cid, name: 'Ruby' }),
			expect.objectContaining({
				action: 'updated',
				cid: ruby.cid,
				sameCustomerAsItem: 0,
				name: 'Ruby',
				mobile: '0400555111',
				written: ['mobile'],
				notWritten: ['name'],
				why: 'name was given by item 0 of this run, whose value is kept',
			}),
			expect.objectContaining({ action: 'created', cid: expect.any(Number), name: 'Jo' }),
			expect.objectContaining({ action: 'unchanged', cid: ruby.cid, sameCustomerAsItem: 0 }),
		]);
		expect(ruby).toMatchObject({
			name: 'Ruby',
			mobile: '0400555111',
			email: 'ruby@harbourfreight.example',
		});
		expect(adds()).toHaveLength(2);
	});

	test('rows of one run with one email that disagree settle: the same rows again write nothing', async () => {
		const rows = [
			{ email: 'sam@coastal.example', mobile: '0400000001' },
			{ email: 'SAM@coastal.example', mobile: '0400000002' },
		];
		const sync = async () =>
			await node.run(upsert({ customerFields: { mobile: '={{ $json.mobile }}' } }), {
				input: rows,
			});
		await sync();
		const before = writes().length;
		const again = await sync();
		expect(jsonOf(again).map((item) => item.action)).toEqual(['unchanged', 'unchanged']);
		expect(writes()).toHaveLength(before);
		expect(withEmail('sam@coastal.example')).toEqual([
			expect.objectContaining({ mobile: '0400000001' }),
		]);
	});

	test('an identical item again in the same run writes nothing: unchanged, with the customer’s cid', async () => {
		const row = { email: 'ruby@harbourfreight.example' };
		const result = await node.run(upsert({ customerFields: { name: 'Ruby' } }), {
			input: [row, row],
		});
		const [ruby] = withEmail(row.email);
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ action: 'created', cid: ruby.cid, name: 'Ruby' }),
			expect.objectContaining({
				action: 'unchanged',
				cid: ruby.cid,
				sameCustomerAsItem: 0,
				name: 'Ruby',
			}),
		]);
		expect(writes()).toHaveLength(1);
	});

	/** Another n8n worker (queue mode: a process of its own) creates the email just after this row searched it. */
	function anotherWorkerCreates(email: string) {
		let done = false;
		node.sim().afterAnswer = async (request) => {
			if (done || !request.url.includes(`/customer/search/email/${encodeURIComponent(email)}`))
				return;
			done = true;
			await fetch(`${node.sim().url}/${DEMO_KEY}/customer/add`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ email }),
			});
		};
	}

	test('another worker creating the email at the same moment: the row creates, finds two and fails naming both IDs', async () => {
		state().extras.add('searchCid');
		const email = 'ruby@harbourfreight.example';
		anotherWorkerCreates(email);
		const run = await node.run(upsert(), { input: [{ email }], continueOnFail: true });
		const cids = withEmail(email)
			.map((c) => c.cid)
			.sort();
		expect(cids).toHaveLength(2);
		const [item] = jsonOf(run);
		expect(String(item.error)).toMatch(
			new RegExp(
				`^Customer \\d+ was created, but the platform now holds 2 customers with the email ${email} ` +
					`\\(IDs ${cids[0]}, ${cids[1]}\\)`,
			),
		);
	});

	test('the same race on the strict platform: the error names the customer created and says the search gives no other ID', async () => {
		const email = 'ruby@harbourfreight.example';
		anotherWorkerCreates(email);
		const run = await node.run(upsert(), { input: [{ email }], continueOnFail: true });
		expect(withEmail(email)).toHaveLength(2);
		expect(String(jsonOf(run)[0].error)).toMatch(
			new RegExp(
				`^Customer \\d+ was created, but the platform now holds 2 customers with the email ${email}; ` +
					'the platform’s search does not give the other’s ID',
			),
		);
	});
});

describe('Customer Create or Update finds customers only as the spec allows', () => {
	test('a customer with only an email is created: the spec asks for no name, and no company is made up', async () => {
		const result = await node.run(upsert(), { input: [{ email: 'ruby@harbourfreight.example' }] });
		const [ruby] = withEmail('ruby@harbourfreight.example');
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ action: 'created', cid: ruby.cid, company: '', name: '' }),
		]);
		expect(ruby).toMatchObject({ company: '', name: '', surname: '' });
	});

	// Strict platform: the search record has no cid, the customer list (getAll) has cid and company.
	const mobileUpdate = (email: string) =>
		node.run(upsert({ customerFields: { mobile: '0400000000' } }), {
			input: [{ email }],
			continueOnFail: true,
		});
	const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	// The refusal, then how a person links the row: its candidates and the step (upsert.linking.test.ts).
	const refusalFor = (email: string, why: string) => ({
		error: expect.stringMatching(
			new RegExp(
				`^${escaped(
					`A customer has the email ${email}, but the platform’s search gives no customer ID (cid) and ` +
						`${why}, so which customer it is cannot be told; nothing was created or updated for this item. `,
				)}(Candidates|No customer).*"Linking a row"\\)$`,
			),
		),
	});

	test('an existing customer found by email is updated through the customer list when its company is one customer’s', async () => {
		const existing = state().customers.find((c) => c.cid === 1001)!;
		const others = state().customers.filter((c) => c.cid !== 1001);
		const before = JSON.stringify(others);
		const result = await mobileUpdate(existing.email);
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ action: 'updated', cid: 1001, mobile: '0400000000' }),
		]);
		expect(existing.mobile).toBe('0400000000');
		expect(JSON.stringify(others)).toBe(before);
		expect(writes().map((w) => w.url)).toEqual([
			expect.stringMatching(/\/customer\/update\/1001$/),
		]);
	});

	test('a company two customers share is no way to tell which one has the email: the item says so and writes nothing', async () => {
		const [existing, other] = state().customers.filter((c) => c.active && c.company !== '');
		other.company = existing.company;
		const result = await mobileUpdate(existing.email);
		expect(jsonOf(result)).toEqual([
			refusalFor(
				existing.email,
				`its company "${existing.company}" is 2 customers' on the customer list`,
			),
		]);
		expect(writes()).toEqual([]);
	});

	test('an inactive customer sharing the company (absent from the customer list, found by search) stops the write too', async () => {
		const [existing, other] = state().customers.filter((c) => c.active && c.company !== '');
		other.company = existing.company;
		other.active = false;
		const found = await mobileUpdate(existing.email);
		expect(jsonOf(found)).toEqual([
			refusalFor(
				existing.email,
				`a search by its company "${existing.company}" finds 2 customers with exactly that company`,
			),
		]);
		// And the other way round: the inactive one's email must not reach the active one with its company.
		const inactive = await mobileUpdate(other.email);
		expect(jsonOf(inactive)).toEqual([
			refusalFor(
				other.email,
				`a search by its company "${existing.company}" finds 2 customers with exactly that company`,
			),
		]);
		expect(writes()).toEqual([]);
	});

	test('a customer without a company cannot be found on the customer list: the item says so', async () => {
		const existing = state().customers.find((c) => c.cid === 1001)!;
		existing.company = '';
		const result = await mobileUpdate(existing.email);
		expect(jsonOf(result)).toEqual([
			refusalFor(existing.email, 'it has no company to find it by on the customer list'),
		]);
		expect(writes()).toEqual([]);
	});
});

describe('Customer Create or Update tells the truth about what it did, and to whom', () => {
	// What the spec's search record shows of a customer (strict: no cid), as the platform gives it.
	const shown = (c: (typeof state extends () => infer S ? S : never)['customers'][number]) => ({
		company: c.company,
		name: c.name,
		surname: c.surname,
		email: c.email,
		mobile: c.mobile,
		credit_management: String(c.credit_management),
		dob: c.dob,
		abn: c.abn,
		paymethod: c.paymethod,
		ctgid: String(c.ctgid),
	});

	test('a row the platform already holds writes nothing: unchanged, with the customer as the platform has it', async () => {
		const existing = state().customers.find((c) => c.cid === 1001)!;
		const before = JSON.stringify(state().customers);
		const result = await node.run(
			upsert({
				customerFields: {
					company: '={{ $json.company }}',
					mobile: '={{ $json.mobile }}',
					ctgid: '={{ $json.ctgid }}',
					credit_management: existing.credit_management === 1,
				},
			}),
			{
				input: [
					{
						email: existing.email,
						company: existing.company,
						mobile: existing.mobile,
						ctgid: existing.ctgid,
					},
				],
			},
		);
		// The strict platform's search gives no cid: the one customer with the email holds every value given,
		// and its id comes from the customer list (its company is one customer's), for the next node.
		expect(jsonOf(result)).toEqual([
			{
				action: 'unchanged',
				cid: 1001,
				...shown(existing),
				fingerprint: expect.stringMatching(/^v1\./),
			},
		]);
		expect(writes()).toEqual([]);
		expect(JSON.stringify(state().customers)).toBe(before);
	});

	test('unchanged on a platform whose search gives the cid: the output carries it', async () => {
		state().extras.add('searchCid');
		const existing = state().customers.find((c) => c.cid === 1001)!;
		const result = await node.run(upsert({ customerFields: { name: existing.name } }), {
			input: [{ email: existing.email }],
		});
		expect(jsonOf(result)).toEqual([
			{
				action: 'unchanged',
				cid: 1001,
				...shown(existing),
				fingerprint: expect.stringMatching(/^v1\./),
			},
		]);
		expect(writes()).toEqual([]);
	});

	test('one value differs: updated, and the output is the customer as the platform has it after the update', async () => {
		state().extras.add('searchCid');
		const existing = state().customers.find((c) => c.cid === 1001)!;
		const result = await node.run(
			upsert({ customerFields: { name: existing.name, mobile: '0400999001' } }),
			{ input: [{ email: existing.email }] },
		);
		const after = state().customers.find((c) => c.cid === 1001)!;
		expect(after.mobile).toBe('0400999001');
		expect(jsonOf(result)).toEqual([
			{
				action: 'updated',
				cid: 1001,
				written: ['mobile'],
				...shown(after),
				fingerprint: expect.stringMatching(/^v1\./),
			},
		]);
	});

	test('a value the search record does not show (phone, a password) is always written: never unchanged on a guess', async () => {
		state().extras.add('searchCid');
		const existing = state().customers.find((c) => c.cid === 1001)!;
		const result = await node.run(
			upsert({ customerFields: { phone: existing.phone, web_password: 'Secret-2026' } }),
			{ input: [{ email: existing.email }] },
		);
		const [item] = jsonOf(result);
		expect(item).toMatchObject({ action: 'updated', cid: 1001, phone: existing.phone });
		expect(item).not.toHaveProperty('web_password');
		expect(writes()).toHaveLength(1);
	});

	test('a created customer: the output is the customer as the platform has it, so the row can be matched back', async () => {
		const result = await node.run(
			upsert({ customerFields: { company: 'Harbour Freight Co', phone: '0299990000' } }),
			{ input: [{ email: 'ruby@harbourfreight.example' }] },
		);
		const [ruby] = withEmail('ruby@harbourfreight.example');
		expect(jsonOf(result)).toEqual([
			{
				action: 'created',
				cid: ruby.cid,
				...shown(ruby),
				phone: '0299990000',
				fingerprint: expect.stringMatching(/^v1\./),
			},
		]);
	});

	test('matched on a reference: the output carries the fields sent and the id, never a secret', async () => {
		const target = state().customers[4];
		const result = await node.run(
			customer('upsert', {
				matchOn: 'reference',
				customerRef: target.crm_id,
				customerFields: { company: 'Renamed Pty', bank_number: '12345678' },
			}),
		);
		// Nothing the platform answers shows what a customer holds by its reference: written whole, and said so.
		expect(jsonOf(result)).toEqual([
			{
				action: 'rewritten',
				cid: target.cid,
				company: 'Renamed Pty',
				written: ['bank_number', 'company'],
				why: expect.stringMatching(/every field was written/),
				fingerprint: expect.stringMatching(/^v1\./),
			},
		]);
	});
});
