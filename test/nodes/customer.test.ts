import { useCustomer } from '../kits/customer';
import { jsonOf, OTHER_KEY } from '../harness/nodeRunner';

const { node, customer, lastPayment } = useCustomer();

describe('Customer: create and update', () => {
	test('Create sends the fields, reads the misspelt `sucess` as success and returns the new id as a number', async () => {
		const result = await node.run(
			customer('create', {
				customerFields: {
					company: 'Acme Fibre',
					name: 'Jo',
					surname: 'Bloggs',
					email: 'jo@acme.example',
					credit_management: true,
					dob: '1990-04-30T00:00:00.000+10:00',
					paymethod: 'credit card',
					web_password: 'hunter22-portal',
				},
			}),
		);
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out).toEqual({ success: true, id: expect.any(Number) });
		const stored = node.sim().state.customers.find((c) => c.cid === out.id);
		expect(stored).toMatchObject({
			company: 'Acme Fibre',
			email: 'jo@acme.example',
			credit_management: 1,
			dob: '1990-04-30',
			paymethod: 'credit card',
			deptid: 1,
		});
	});

	test('Update changes only the given fields, found by account_id', async () => {
		const before = { ...node.sim().state.customers[2] };
		const result = await node.run(
			customer('update', {
				cid: before.account_id,
				updateFields: { mobile: '0400111222', abn: '99887766554' },
			}),
		);
		expect(jsonOf(result)).toEqual([{ success: true, description: 'customer updated' }]);
		const after = node.sim().state.customers[2];
		expect(after).toMatchObject({
			mobile: '0400111222',
			abn: '99887766554',
			company: before.company,
			email: before.email,
		});
	});

	test('Update finds a customer by crm_id too', async () => {
		const target = node.sim().state.customers[4];
		await node.run(
			customer('update', { cid: target.crm_id, updateFields: { company: 'Renamed Pty' } }),
		);
		expect(node.sim().state.customers[4].company).toBe('Renamed Pty');
	});
});

describe('Customer: reads', () => {
	test('Search returns one item per matching customer of the department, numbers as numbers', async () => {
		const result = await node.run(customer('search', { field: 'company', value: 'plumbing' }));
		const records = jsonOf(result);
		const expected = node
			.sim()
			.state.customers.filter((c) => c.deptid === 1 && /plumbing/i.test(c.company));
		expect(records.map((r) => r.cid)).toEqual(expected.map((c) => c.cid));
		expect(records[0]).toMatchObject({ ctgid: 1, credit_management: expect.any(Number) });
		expect(records.every((r) => r.web_password === undefined)).toBe(true);
	});

	test('Search with "If Nothing Matches: found false" gives one paired placeholder per unmatched item', async () => {
		const result = await node.run(
			customer('search', {
				field: 'email',
				value: '={{ $json.email }}',
				ifNothingMatches: 'notFound',
			}),
			{
				input: [
					{ email: 'nobody@nowhere.example' },
					{ email: node.sim().state.customers[0].email },
				],
			},
		);
		expect(jsonOf(result)).toEqual([
			{ found: false, field: 'email', value: 'nobody@nowhere.example' },
			expect.objectContaining({ cid: 1001 }),
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('Get Many with a limit returns that many; Return All returns every active customer', async () => {
		const limited = await node.run(customer('getAll', { returnAll: false, limit: 7 }));
		expect(limited.items).toHaveLength(7);
		const all = await node.run(customer('getAll', { returnAll: true }));
		const active = node.sim().state.customers.filter((c) => c.deptid === 1 && c.active);
		expect(jsonOf(all).map((r) => r.cid)).toEqual(active.map((c) => c.cid));
		expect(jsonOf(all)[0]).toEqual({ cid: 1001, company: active[0].company, trading_name: null });
	});

	test('Get Balance turns the numeric string into a number', async () => {
		const target = node.sim().state.customers[3];
		const result = await node.run(customer('getBalance', { cid: String(target.cid) }));
		expect(jsonOf(result)).toEqual([{ success: true, balance: target.balance, cid: target.cid }]);
	});

	test('Get Payment Details reports what is on file without secrets', async () => {
		const target = node.sim().state.customers[0];
		const result = await node.run(customer('getPaymentDetails', { cid: target.account_id }));
		const [out] = jsonOf(result);
		expect(out).toMatchObject({
			success: true,
			cid: target.cid,
			card_on_file: true,
			bank_on_file: true,
			bank_number_last3: target.bank_number.slice(-3),
		});
		expect(JSON.stringify(out)).not.toContain(target.bank_number);
	});

	test('Get Service Pricing gives one item per service type with the customer’s price-book price', async () => {
		// Customer 1001 is on "Partner Pricing": NBN 100/20 flat 59.95 (override 1), Mobile 20GB 75% of 35 (override 0).
		const result = await node.run(customer('getServicePricing', { cid: '1001' }));
		expect(jsonOf(result).slice(0, 3)).toEqual([
			{ service_type_id: 1, name: 'NBN 100/20', price: 59.95, default_price: false },
			{ service_type_id: 2, name: 'Mobile 20GB', price: 26.25, default_price: false },
			{ service_type_id: 3, name: 'SIP Trunk', price: 49.5, default_price: true },
		]);
		expect(result.items).toHaveLength(node.sim().state.serviceTypes.length);
	});

	test('Get Credit Management reads the flag', async () => {
		const result = await node.run(customer('getCreditManagement', { cid: '1001' }));
		expect(jsonOf(result)).toEqual([{ success: true, cid: 1001, credit_management: 1 }]);
	});
});

describe('Customer: money and charges', () => {
	test('Take Payment with the card on file charges the amount and lowers the balance', async () => {
		const target = node.sim().state.customers[3];
		target.card_token = 'card_tok_test';
		const before = target.balance;
		const seeded = node.sim().state.payments.length;
		const result = await node.run(
			customer('takePayment', { cid: String(target.cid), amount: 25.5, pay_with: 'card_on_file' }),
		);
		expect(jsonOf(result)[0]).toMatchObject({
			success: true,
			description: 'payment of 25.50 processed',
		});
		expect(target.balance).toBeCloseTo(before - 25.5, 2);
		expect(node.sim().state.payments.slice(seeded)).toEqual([
			expect.objectContaining({ cid: target.cid, amount: 25.5, method: 'card_on_file' }),
		]);
	});

	test('Take Payment with card details sends all card fields and nothing else', async () => {
		const target = node.sim().state.customers[1];
		const result = await node.run(
			customer('takePayment', {
				cid: String(target.cid),
				amount: 10,
				pay_with: 'card',
				cc_name: 'J Citizen',
				cc_number: '4111111111111111',
				cc_expmonth: '07',
				cc_expyear: '2029',
				cc_ccv: '123',
				store_card: true,
			}),
		);
		expect(result.error).toBeUndefined();
		// The spec types cc_number and cc_expyear as integers, cc_expmonth as a two-digit string.
		expect(node.sim().requests[0].body).toEqual({
			amount: 10,
			cc_name: 'J Citizen',
			cc_number: 4111111111111111,
			cc_expmonth: '07',
			cc_expyear: 2029,
			cc_ccv: '123',
			store_card: true,
		});
		expect(lastPayment()).toMatchObject({ method: 'card', amount: 10 });
		expect(target.card_token).toBe(`card_tok_${target.cid}_1111`);
	});

	test('Take Payment with a token', async () => {
		const result = await node.run(
			customer('takePayment', {
				cid: '1002',
				amount: 5,
				pay_with: 'payment_token',
				payment_token: 'tok_abc123',
			}),
		);
		expect(jsonOf(result)[0].success).toBe(true);
		expect(lastPayment().method).toBe('payment_token');
	});

	test('Record External Payment logs once; the same transaction ID again is reported as a duplicate, not paid twice', async () => {
		const params = customer('recordExternalPayment', {
			cid: '1005',
			transaction_id: 'EFT-2026-001',
			amount: 42,
			additionalFields: { date: '2026-11-20' },
		});
		const first = await node.run(params);
		const second = await node.run(params);
		expect(jsonOf(first)[0]).toMatchObject({
			success: true,
			duplicate: false,
			payment_id: expect.any(Number),
		});
		expect(jsonOf(second)[0]).toMatchObject({
			success: true,
			duplicate: true,
			payment_id: jsonOf(first)[0].payment_id,
		});
		expect(
			node.sim().state.payments.filter((p) => p.transaction_id === 'EFT-2026-001'),
		).toHaveLength(1);
	});

	test('Add Charge Item then Update Charge Item', async () => {
		const added = await node.run(
			customer('addChargeItem', {
				cid: 'ACC-1-0003',
				chargeFields: { description: 'Router', amount: 99, quantity: 2, charge_date: '2026-12-01' },
			}),
		);
		const [{ id }] = jsonOf(added);
		expect(node.sim().state.chargeItems).toEqual([
			expect.objectContaining({
				id,
				cid: 1003,
				description: 'Router',
				amount: 99,
				quantity: 2,
				charge_date: '2026-12-01',
			}),
		]);
		const updated = await node.run(
			customer('updateChargeItem', { itemId: String(id), chargeUpdateFields: { amount: 89 } }),
		);
		expect(jsonOf(updated)).toEqual([{ success: true, description: 'customer item updated' }]);
		expect(node.sim().state.chargeItems[0]).toMatchObject({ amount: 89, description: 'Router' });
	});

	test('Set Credit Management writes through the platform’s GET', async () => {
		const target = node.sim().state.customers[1];
		expect(target.credit_management).toBe(0);
		const result = await node.run(
			customer('setCreditManagement', { cid: String(target.cid), status: '1' }),
		);
		expect(jsonOf(result)).toEqual([{ success: true, description: 'credit management turned on' }]);
		expect(target.credit_management).toBe(1);
		expect(node.sim().requests.at(-1)).toEqual({
			method: 'GET',
			url: `/demo-key-0001/customer/setManagementStatus/${target.cid}/1`,
		});
	});
});

describe('Customer: department isolation', () => {
	test('a key never sees another department’s customers', async () => {
		const foreign = await node.run(customer('getBalance', { cid: '1001' }), {
			apiKey: OTHER_KEY,
			continueOnFail: true,
		});
		expect(jsonOf(foreign)).toEqual([{ error: 'no customer found' }]);
		const all = await node.run(customer('getAll', { returnAll: true }), { apiKey: OTHER_KEY });
		const theirs = node
			.sim()
			.state.customers.filter((c) => c.deptid === 2 && c.active)
			.map((c) => c.cid);
		expect(jsonOf(all).map((r) => r.cid)).toEqual(theirs);
	});
});

describe('Customer: one result per input item', () => {
	test('three input items give three paired results, expressions resolved per item', async () => {
		const result = await node.run(customer('getBalance', { cid: '={{ $json.ref }}' }), {
			input: [{ ref: '1001' }, { ref: 'ACC-1-0002' }, { ref: 'CRM100003' }],
		});
		expect(jsonOf(result).map((r) => r.cid)).toEqual([1001, 1002, 1003]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});
