import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';

const { node, state, rl, run } = useCrm();

describe('Lead', () => {
	test('Get Many walks pages of 20', async () => {
		const result = await run('lead', 'getAll', { returnAll: true });
		expect(jsonOf(result).map((l) => l.lid)).toEqual(
			state()
				.leads.filter((l) => l.deptid === 1)
				.map((l) => l.lid),
		);
		expect(node.sim().requests.map((r) => r.url.split('/').pop())).toEqual(['1', '2']);
	});

	test('Search sends only the filters given: text contains, status exactly', async () => {
		const result = await run('lead', 'filter', {
			returnAll: true,
			filters: { company: 'dental', status: 'qualified' },
		});
		const expected = state().leads.filter(
			(l) => l.deptid === 1 && /dental/i.test(l.company) && l.status === 'qualified',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(jsonOf(result).map((l) => l.lid)).toEqual(expected.map((l) => l.lid));
	});

	test('Create, Get and Update', async () => {
		const created = await run('lead', 'create', {
			leadFields: {
				first_name: 'Ana',
				company: 'Ana Advisory',
				status: 'contacted',
				email: 'ana@advisory.example',
			},
		});
		const [{ id }] = jsonOf(created);
		const got = await run('lead', 'get', { lid: String(id) });
		expect(jsonOf(got)[0]).toMatchObject({ lid: id, company: 'Ana Advisory', status: 'contacted' });
		await run('lead', 'update', {
			lid: String(id),
			updateFields: { status: 'qualified', notes: 'Wants NBN' },
		});
		expect(state().leads.find((l) => l.lid === id)).toMatchObject({
			status: 'qualified',
			notes: 'Wants NBN',
		});
	});

	test('a search without filters is refused before any request: Get Many gives every lead', async () => {
		expect((await run('lead', 'filter', { returnAll: true })).error?.message).toBe(
			'Filters (filters) needs at least one filter; use Get Many for every lead',
		);
		expect(node.sim().requests).toEqual([]);
	});

	test('the spec shows no lead fields: any status, and a lead with only an email, are sent as given', async () => {
		const created = await run('lead', 'create', {
			leadFields: { email: 'x@y.example', status: 'nurturing' },
		});
		expect(created.error).toBeUndefined();
		expect(node.sim().requests[0].body).toEqual({ email: 'x@y.example', status: 'nurturing' });
		const lid = String(jsonOf(created)[0].id);
		await run('lead', 'update', { lid, updateFields: { status: 'on hold' } });
		expect(state().leads.find((l) => String(l.lid) === lid)).toMatchObject({
			email: 'x@y.example',
			status: 'on hold',
		});
	});

	test('an unknown lead is the platform’s error', async () => {
		expect(jsonOf(await run('lead', 'get', { lid: '999' }, { continueOnFail: true }))).toEqual([
			{ error: 'lead not found' },
		]);
	});
});

describe('Order', () => {
	test('Create places an order with the product prices', async () => {
		const result = await run('order', 'create', {
			cid: rl('ACC-1-0002'),
			products: {
				product: [
					{ pid: 1, quantity: 2, price: 0 },
					{ pid: 2, quantity: 1, price: 80 },
				],
			},
			reference: 'PO-77',
		});
		expect(jsonOf(result)).toEqual([{ success: true, id: expect.any(Number) }]);
		expect(state().orders[0]).toMatchObject({
			cid: 1002,
			reference: 'PO-77',
			items: [
				{ pid: 1, quantity: 2, price: 149 },
				{ pid: 2, quantity: 1, price: 80 },
			],
		});
	});

	test('an order without products is refused; an unknown customer is the platform’s error', async () => {
		expect((await run('order', 'create', { cid: rl('1001') })).error?.message).toBe(
			'Products (products) needs at least one product',
		);
		const unknown = await run(
			'order',
			'create',
			{ cid: rl('424242'), products: { product: [{ pid: 1, quantity: 1 }] } },
			{ continueOnFail: true },
		);
		expect(jsonOf(unknown)).toEqual([{ error: 'no customer found' }]);
	});
});

describe('External Sale', () => {
	test('a sale creates an invoice and raises the balance', async () => {
		const customer = state().customers[4];
		const before = customer.balance;
		const result = await run('sale', 'create', {
			use: 'sale',
			cid: rl(String(customer.cid)),
			date: '2026-11-20',
			products: { product: [{ pid: 4, price: 5, quantity: 3 }] },
		});
		expect(jsonOf(result)).toEqual([{ success: true, cid: customer.cid, iid: expect.any(Number) }]);
		expect(state().invoices.find((i) => i.iid === jsonOf(result)[0].iid)).toMatchObject({
			cid: customer.cid,
			total: 15,
			date: '2026-11-20',
			products: [{ pid: 4, price: 5, quantity: 3 }],
		});
		expect(customer.balance).toBeCloseTo(before + 15, 2);
	});

	test('a sale with payment is paid at once', async () => {
		const customer = state().customers[5];
		const before = customer.balance;
		const result = await run('sale', 'create', {
			use: 'saleWithPayment',
			cid: rl(String(customer.cid)),
			products: { product: [{ pid: 1, price: 149, quantity: 1 }] },
			payments: { payment: [{ type: 'eftpos', amount: 149, description: 'Shop' }] },
		});
		expect(jsonOf(result)[0]).toMatchObject({
			success: true,
			paymentResult: { success: true, amount: 149, balance: before },
		});
		expect(customer.balance).toBeCloseTo(before, 2);
	});

	test('a payment on an existing invoice keeps its products (the node always sends add_payment)', async () => {
		const customer = state().customers[6];
		const sale = await run('sale', 'create', {
			use: 'sale',
			cid: rl(String(customer.cid)),
			products: { product: [{ pid: 2, price: 99, quantity: 1 }] },
		});
		const iid = jsonOf(sale)[0].iid as number;
		await run('sale', 'create', {
			use: 'paymentOnInvoice',
			cid: rl(String(customer.cid)),
			iid,
			payments: { payment: [{ type: 'cash', amount: 50 }] },
		});
		expect(state().invoices.find((i) => i.iid === iid)).toMatchObject({
			products: [{ pid: 2, price: 99, quantity: 1 }],
			paid: 50,
		});
	});

	test('a payment on an invoice needs the invoice ID and a payment', async () => {
		expect(
			(
				await run('sale', 'create', {
					use: 'paymentOnInvoice',
					cid: rl('1001'),
					payments: { payment: [{ type: 'cash', amount: 5 }] },
				})
			).error?.message,
		).toBe('Invoice ID (iid) is required');
		expect(
			(await run('sale', 'create', { use: 'paymentOnInvoice', cid: rl('1001'), iid: 80001 })).error
				?.message,
		).toBe('Payments (payments) needs at least one payment, each with an amount above 0');
		expect(node.sim().requests).toEqual([]);
	});
});

describe('Timeline Entry', () => {
	test('a note and an event on a customer, then the timeline lists them; an entry can be edited', async () => {
		await run('timeline', 'upsert', {
			module: 'customers',
			recordId: '1001',
			category: 'note',
			title: 'Called',
			description: 'Asked about NBN',
		});
		const event = await run('timeline', 'upsert', {
			module: 'customers',
			recordId: '1001',
			category: 'event',
			title: 'Install',
			description: 'Technician visit',
			event_date: '2026-12-01T09:30:00',
		});
		const id = jsonOf(event)[0].id as number;
		await run('timeline', 'upsert', {
			module: 'customers',
			recordId: '1001',
			category: 'event',
			title: 'Install (moved)',
			description: 'Technician visit',
			event_date: '2026-12-02T09:30:00',
			id,
		});
		const list = await run('timeline', 'getAll', {
			module: 'customers',
			recordId: '1001',
			returnAll: true,
		});
		expect(jsonOf(list)).toEqual([
			expect.objectContaining({ title: 'Called', category: 'note', event_date: null }),
			expect.objectContaining({
				id,
				title: 'Install (moved)',
				category: 'event',
				event_date: '2026-12-02 09:30:00',
			}),
		]);
	});

	test('an event needs its date, before any request', async () => {
		const result = await run('timeline', 'upsert', {
			module: 'customers',
			recordId: '1001',
			category: 'event',
			title: 'X',
			description: 'Y',
		});
		expect(result.error?.message).toBe('Event Date (event_date) is required for an event');
		expect(node.sim().requests).toEqual([]);
	});

	test('a record that does not exist is the platform’s error', async () => {
		expect(
			jsonOf(
				await run(
					'timeline',
					'getAll',
					{ module: 'leads', recordId: '1', returnAll: true },
					{ continueOnFail: true },
				),
			),
		).toEqual([{ error: 'record not found' }]);
	});
});

// The spec does not show the lead or timeline answers: were the platform's keys not ours, the node must
// show what came back rather than nothing.
describe('answers whose shape the spec does not show, in another shape than the simulator’s own', () => {
	beforeEach(() => {
		state().minimalAnswers = true;
	});

	test('Lead Get outputs the whole answer when it has no `lead` key', async () => {
		const lead = state().leads[0];
		expect(jsonOf(await run('lead', 'get', { lid: String(lead.lid) }))).toEqual([
			expect.objectContaining({ success: true, lid: lead.lid, company: lead.company }),
		]);
	});

	test('Lead Get Many outputs the first page whole, once, when it has no `results` key', async () => {
		const result = await run('lead', 'getAll', { returnAll: true });
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ success: true, leads: expect.any(Array) }),
		]);
		expect(node.sim().requests).toHaveLength(1);
	});

	test('Lead Search likewise', async () => {
		const result = await run('lead', 'filter', { returnAll: true, filters: { company: 'dental' } });
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ success: true, leads: expect.any(Array) }),
		]);
	});

	test('Timeline Get Many outputs the whole answer when it has no `entries` key', async () => {
		await run('timeline', 'upsert', {
			module: 'customers',
			recordId: '1001',
			category: 'note',
			title: 'Called',
			description: 'x',
		});
		const result = await run('timeline', 'getAll', {
			module: 'customers',
			recordId: '1001',
			returnAll: true,
		});
		expect(jsonOf(result)).toEqual([
			{ success: true, timeline: [expect.objectContaining({ title: 'Called' })] },
		]);
	});
});
