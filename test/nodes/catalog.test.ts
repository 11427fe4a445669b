import { useCatalog } from '../kits/catalog';
import { OFF_SPEC_HEADER } from '../conformance/guard';
import { jsonOf } from '../harness/nodeRunner';

const { node, state, urls, sent } = useCatalog();

describe('Service Type', () => {
	test('Get Many lists every service type with numbers as numbers', async () => {
		const result = await node.run({
			resource: 'serviceType',
			operation: 'getAll',
			returnAll: true,
		});
		expect(jsonOf(result).map((t) => t.esid)).toEqual(state().serviceTypes.map((t) => t.esid));
		expect(jsonOf(result)[0]).toMatchObject({
			typeofservice: 'NBN 100/20',
			list_price: 79.95,
			calls_service: 0,
		});
	});

	test('Search sends every filter as a query parameter, pages of 100, partial matches', async () => {
		const result = await node.run({
			resource: 'serviceType',
			operation: 'search',
			returnAll: true,
			filters: { typeofservice: 'nbn', data_service: '1', reporting_category: 'intern' },
		});
		expect(jsonOf(result).map((t) => t.typeofservice)).toEqual(['NBN 100/20', 'NBN 50/20']);
		expect(urls()).toHaveLength(1);
		const query = Object.fromEntries(new URL(urls()[0], 'http://x').searchParams);
		expect(query).toEqual({
			typeofservice: 'nbn',
			data_service: '1',
			reporting_category: 'intern',
			page: '1',
			limit: '100',
		});
	});

	test('Search with no match gives no items (total_pages 0) after one request', async () => {
		const result = await node.run({
			resource: 'serviceType',
			operation: 'search',
			returnAll: true,
			filters: { typeofservice: 'satellite' },
		});
		expect(result.items).toEqual([]);
		expect(urls()).toHaveLength(1);
	});

	test('Search with a limit', async () => {
		const result = await node.run({
			resource: 'serviceType',
			operation: 'search',
			returnAll: false,
			limit: 2,
			filters: { calls_service: '1' },
		});
		expect(jsonOf(result).map((t) => t.esid)).toEqual([2, 3]);
	});

	test('Get returns the detail record', async () => {
		const result = await node.run({ resource: 'serviceType', operation: 'get', esid: 2 });
		expect(jsonOf(result)[0]).toMatchObject({
			esid: 2,
			typeofservice: 'Mobile 20GB',
			data_service: 1,
			default_call_types: [1, 2],
			cost_price: 17.5,
		});
	});
});

describe('Price Book', () => {
	test('Get Many and Get', async () => {
		const list = await node.run({ resource: 'priceBook', operation: 'getAll', returnAll: true });
		expect(jsonOf(list)).toEqual([{ id: 1, name: 'Partner Pricing' }]);
		const detail = await node.run({ resource: 'priceBook', operation: 'get', priceBookId: 1 });
		expect(jsonOf(detail)[0]).toMatchObject({
			id: 1,
			name: 'Partner Pricing',
			items: expect.arrayContaining([
				expect.objectContaining({
					related_id: '2',
					related_type: 'service',
					override: '0',
					adjustment: 75,
				}),
			]),
		});
	});

	test('Create with items, then Update replaces the items; a customer on the book is priced by it', async () => {
		const created = await node.run({
			resource: 'priceBook',
			operation: 'create',
			name: 'Wholesale',
			items: { item: [{ related_type: 'service', related_id: 3, override: 0, adjustment: 80 }] },
		});
		const [{ id }] = jsonOf(created);
		expect(state().priceBooks.find((b) => b.id === id)).toMatchObject({
			name: 'Wholesale',
			deptid: 1,
			items: [expect.objectContaining({ related_id: 3, override: 0, adjustment: 80 })],
		});

		await node.run({
			resource: 'priceBook',
			operation: 'update',
			priceBookId: id as number,
			name: '',
			items: { item: [{ related_type: 'service', related_id: 3, override: 1, adjustment: 33 }] },
		});
		const book = state().priceBooks.find((b) => b.id === id)!;
		expect(book).toMatchObject({
			name: 'Wholesale',
			items: [expect.objectContaining({ override: 1, adjustment: 33 })],
		});
		const customer = state().customers[1];
		customer.price_book_id = id as number;
		expect(state().priceFor(customer, 3)).toEqual({ price: 33, fromPriceBook: true });
	});
});

describe('partial updates send only what the user set', () => {
	test('Price Book Update without a name sends none, so the book keeps its name', async () => {
		await node.run({
			resource: 'priceBook',
			operation: 'update',
			priceBookId: 1,
			items: { item: [{ related_type: 'service', related_id: 3, override: 1, adjustment: 30 }] },
		});
		expect(sent()).toEqual([
			{ id: 1, items: [{ related_type: 'service', related_id: 3, override: 1, adjustment: 30 }] },
		]);
		expect(state().priceBooks.find((b) => b.id === 1)!.name).toBe('Partner Pricing');
	});

	test('Call Rate Card rates take the spec’s item fields (name, call pack usage, internal code, direction), and only those given are sent', async () => {
		const rateFields = {
			name: 'Mobile night',
			min_callpackusage: 0,
			max_callpackusage: 120,
			internal_code: 'MOBN',
			direction: 'outbound',
		};
		await node.run({
			resource: 'callRate',
			operation: 'update',
			ctgid: 1,
			callTypes: { rate: [{ ctid: 2, ratepermin: 0.2, rateFields }] },
		});
		expect(sent()).toEqual([
			{ ctgid: 1, callTypes: [{ ctid: 2, fixedrate: 0, ratepermin: 0.2, ...rateFields }] },
		]);
		expect(state().rateCards.find((c) => c.ctgid === 1)!.callTypes).toEqual([
			expect.objectContaining({ ctid: 2, ratepermin: 0.2, ...rateFields }),
		]);
	});
});

describe('Product', () => {
	test('Get Many and Get (detail under the `products` key)', async () => {
		const list = await node.run({
			resource: 'product',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
		});
		expect(jsonOf(list)).toEqual([
			{
				pid: 1,
				title: 'Wi-Fi 6 Router',
				partnumber: 'RTR-AX3000',
				ex_tax_amount: 149,
				category_name: 'Hardware',
			},
			{
				pid: 2,
				title: 'Installation Fee',
				partnumber: 'SVC-INSTALL',
				ex_tax_amount: 99,
				category_name: 'Services',
			},
		]);
		const detail = await node.run({ resource: 'product', operation: 'get', pid: 1 });
		expect(jsonOf(detail)[0]).toMatchObject({
			pid: 1,
			inc_tax_amount: 163.9,
			taxrate: 10,
			hazmatcode: '',
		});
	});
});

describe('Call Rate Card', () => {
	test('Get Many leaves inactive cards out; Get returns the rates', async () => {
		const list = await node.run({ resource: 'callRate', operation: 'getAll', returnAll: true });
		expect(jsonOf(list)).toEqual([
			{ id: 1, name: 'Standard Business', billing_increment: 60 },
			{ id: 2, name: 'Per Second Saver', billing_increment: 1 },
		]);
		const detail = await node.run({ resource: 'callRate', operation: 'get', ctgid: 1 });
		expect(jsonOf(detail)[0]).toMatchObject({
			ctgid: 1,
			name: 'Standard Business',
			callTypes: expect.arrayContaining([
				expect.objectContaining({ ctid: 3, ratepermin: 1.2, min_cost: 0.5, max_cost: 20 }),
			]),
		});
	});

	test('Create a card with rates, then Update it', async () => {
		const created = await node.run({
			resource: 'callRate',
			operation: 'create',
			cardFields: { name: 'Night Owl', billing_increment: 30, active: true },
			callTypes: {
				rate: [
					{ ctid: 2, ratepermin: 0.09, rateFields: { flagfall: 0.05, free_seconds: 3 } },
					{ ctid: 1, fixedrate: true, ratepermin: 0.15 },
				],
			},
		});
		const [{ ctgid }] = jsonOf(created);
		const card = state().rateCards.find((c) => c.ctgid === ctgid)!;
		expect(card).toMatchObject({ name: 'Night Owl', billing_increment: 30, active: 1 });
		expect(card.callTypes).toEqual([
			expect.objectContaining({
				ctid: 2,
				ratepermin: 0.09,
				flagfall: 0.05,
				free_seconds: 3,
				fixedrate: 0,
				name: 'Mobile',
			}),
			expect.objectContaining({ ctid: 1, ratepermin: 0.15, fixedrate: 1 }),
		]);
		await node.run({
			resource: 'callRate',
			operation: 'update',
			ctgid: ctgid as number,
			cardFields: { active: false },
		});
		expect(card.active).toBe(0);
		expect(card.callTypes).toHaveLength(2);
	});
});

describe('Call Type', () => {
	test('Get Many reads only documented paths: the call types the rate cards use, each from callType/get/{id}', async () => {
		const list = await node.run({ resource: 'callType', operation: 'getAll', returnAll: true });
		const used = [
			...new Set(
				state()
					.rateCards.filter((c) => c.deptid === 1 && c.active === 1)
					.flatMap((c) => c.callTypes.map((i) => i.ctid)),
			),
		].sort();
		expect(jsonOf(list).map((t) => t.ctid)).toEqual(used);
		expect(jsonOf(list)[0]).toEqual({
			ctid: 1,
			name: 'Local',
			internal_code: 'LOC',
			direction: 'outbound',
			priority: 10,
			application: '',
		});
		expect(urls().filter((u) => u.startsWith('/callType/get/page'))).toEqual([]);
		expect(urls()).toContain('/callType/get/3');
	});

	test('the simulator serves no callType/get/page: the spec does not document it', async () => {
		const response = await fetch(`${node.sim().url}/demo-key-0001/callType/get/page/1`, {
			headers: { [OFF_SPEC_HEADER]: 'the undocumented path, to see it is not served' },
		});
		expect(response.status).toBe(404);
	});

	test('Get uses callType/get/{id}', async () => {
		const detail = await node.run({ resource: 'callType', operation: 'get', ctid: 3 });
		expect(jsonOf(detail)[0]).toMatchObject({
			ctid: 3,
			name: 'International',
			dest_regex: '^0011\\d+$',
			default_rate: expect.objectContaining({ ratepermin: 1.2, account_regex: '.*' }),
		});
		expect(urls()).toEqual(['/callType/get/3']);
	});

	test('serviceType/get/{id} keeps answering with service types, so the two listings cannot be confused', async () => {
		const result = await node.run({ resource: 'serviceType', operation: 'get', esid: 3 });
		expect(jsonOf(result)[0]).toMatchObject({ esid: 3, typeofservice: 'SIP Trunk' });
	});
});
