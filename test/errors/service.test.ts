import { TelcoBillingCatalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import type { INodeParameters } from 'n8n-workflow';
import { runNode } from '../harness/engine';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';
const serviceNode = useNode(new TelcoBillingService());
const catalogNode = new TelcoBillingCatalog();
const rl = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
async function runCatalog(parameters: INodeParameters, continueOnFail = false) {
	return await runNode({
		nodeType: catalogNode,
		parameters,
		continueOnFail,
		credentials: { baseUrl: serviceNode.sim().url, apiKey: DEMO_KEY },
	});
}
// Every documented message of the service and catalogue endpoints, reaching the user as a node error.
const serviceMessages = [
	{
		message: 'service not found',
		shown: 'Service not found (service 99999)',
		parameters: { resource: 'service', operation: 'get', serviceId: rl(99999) },
	},
	{
		message: 'service not found',
		shown: 'Service not found (service 99999)',
		parameters: { resource: 'service', operation: 'calculateEtf', serviceId: rl(99999) },
	},
	{
		message: 'N999 not found',
		parameters: {
			resource: 'service',
			operation: 'getMonthlyCost',
			service_num: 'N999',
			date: '2026-01-01',
		},
	},
	{
		message: 'N999 not found',
		parameters: { resource: 'service', operation: 'getDailyCost', service_num: 'N999' },
	},
	{
		message: 'N1100000 not found as starting on 2026-02-02',
		parameters: {
			resource: 'service',
			operation: 'getProRataCost',
			service_num: 'N1100000',
			date: '2026-02-02',
		},
	},
	{
		message: 'serviceBundles not found',
		shown: 'serviceBundles not found (bundle 777)',
		parameters: { resource: 'bundle', operation: 'get', bundleId: 777 },
	},
	{
		message: 'serviceType not found',
		shown: 'serviceType not found (customer 1001, service type 99)',
		parameters: {
			resource: 'service',
			operation: 'create',
			cid: rl('1001'),
			servicetype: 99,
			service_num: 'X1',
			start_date: '2026-01-01',
		},
	},
];
const catalogMessages = [
	{
		message: 'serviceType not found',
		shown: 'serviceType not found (service type 404)',
		parameters: { resource: 'serviceType', operation: 'get', esid: 404 },
	},
	{
		message: 'serviceType not found',
		shown: 'serviceType not found (call type 404)',
		parameters: { resource: 'callType', operation: 'get', ctid: 404 },
	},
	{
		message: 'priceBook not found',
		shown: 'priceBook not found (price book 404)',
		parameters: { resource: 'priceBook', operation: 'get', priceBookId: 404 },
	},
	{
		message: 'products not found',
		shown: 'Products not found (product 404)',
		parameters: { resource: 'product', operation: 'get', pid: 404 },
	},
	{
		message: 'The requested data was empty ignoring',
		parameters: { resource: 'callRate', operation: 'create' },
	},
];

// A terse not-found answer is shown with the record it is about (`shown`); the platform's words stay the
// Continue On Fail item's error.
describe.each(serviceMessages)('Service node: $message', ({ message, parameters, shown }) => {
	test('is a node error with the platform’s words, and a paired item with Continue On Fail', async () => {
		const failed = await serviceNode.run(parameters);
		expect(failed.error?.message).toBe(shown ?? message);
		const continued = await serviceNode.run(parameters, { continueOnFail: true });
		expect(jsonOf(continued)).toEqual([{ error: message }]);
		expect(continued.items[0].pairedItem).toEqual({ item: 0 });
	});
});

describe.each(catalogMessages)('Catalog node: $message', ({ message, parameters, shown }) => {
	test('is a node error with the platform’s words, and a paired item with Continue On Fail', async () => {
		const failed = await runCatalog(parameters);
		expect(failed.error?.message).toBe(shown ?? message);
		const continued = await runCatalog(parameters, true);
		expect(jsonOf(continued)).toEqual([{ error: message }]);
	});
});

// These two the node refuses before sending, so the platform's message is checked on the wire as well.
describe('messages the node pre-empts', () => {
	async function post(path: string, body: unknown) {
		const response = await fetch(`${serviceNode.sim().url}/${DEMO_KEY}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		return await response.json();
	}

	test('name is required: the platform says it, and the node refuses a bundle without a name first', async () => {
		expect(await post('/serviceBundles/post', { cid: 1001 })).toEqual({
			success: false,
			description: 'name is required',
		});
		expect(await post('/serviceBundles/post', { name: 'X' })).toEqual({
			success: false,
			description: 'name is required',
		});
		const result = await serviceNode.run({
			resource: 'bundle',
			operation: 'create',
			cid: rl('1001'),
			name: '={{ "" }}',
		});
		expect(result.error?.message).toBe('Name (name) is required');
		expect(serviceNode.sim().requests.filter((r) => r.url.includes('serviceBundles'))).toHaveLength(
			2,
		);
	});

	// A search field or flag outside the node's lists is refused before sending (the list check).
	test('Invalid or no search criteria: the platform says it for an unknown field, the node refuses first', async () => {
		expect(
			await post('/services/search', [{ field: 'bogus_field', operator: 'like', value: 'x' }]),
		).toEqual({
			success: false,
			description: 'Invalid or no search criteria',
		});
		const result = await serviceNode.run({
			resource: 'service',
			operation: 'search',
			criteria: { rows: [{ field: '={{ "bogus_field" }}', operator: 'like', value: 'x' }] },
		});
		expect(result.error?.message).toMatch(
			/^Criteria \(criteria\) row 1: Field \(field\) must be one of: /,
		);
		expect(serviceNode.sim().requests).toHaveLength(1);
	});

	test('Invalid search parameters: the platform says it for a flag other than 0/1, the node refuses first', async () => {
		const url = `${serviceNode.sim().url}/${DEMO_KEY}/serviceType/search?calls_service=2`;
		expect(await (await fetch(url)).json()).toEqual({
			success: false,
			description: 'Invalid search parameters',
		});
		const result = await runCatalog({
			resource: 'serviceType',
			operation: 'search',
			returnAll: true,
			filters: { calls_service: '={{ "2" }}' },
		});
		expect(result.error?.message).toBe(
			'Filters (filters): Calls Service (calls_service) must be one of: 1, 0',
		);
	});

	test('any other service_status is rejected by the platform too', async () => {
		expect(await post('/services/update/20001', { service_status: 'retired' })).toEqual({
			success: false,
			description: 'invalid service_status',
		});
	});

	test('The requested data was empty ignoring: the platform says it for an empty price book, the node refuses first', async () => {
		expect(await post('/priceBooks/post', {})).toEqual({
			success: false,
			message: 'The requested data was empty ignoring',
		});
		const result = await runCatalog({
			resource: 'priceBook',
			operation: 'create',
			name: '={{ "" }}',
		});
		expect(result.error?.message).toBe('Name (name) is required');
	});
});

describe('input rules, refused before any request', () => {
	const refused = [
		{
			parameters: { resource: 'service', operation: 'search', activeOnly: false },
			message: 'Criteria (criteria) needs at least one row, or turn on Only Active Services',
		},
		{
			parameters: {
				resource: 'service',
				operation: 'search',
				criteria: { rows: [{ field: 'service_num', operator: 'like', value: ' ' }] },
			},
			message: 'Criteria (criteria): the value for service_num is required',
		},
		{
			parameters: { resource: 'service', operation: 'calculateEtfMany', serviceIds: '20001, abc' },
			message: 'Service IDs (serviceIds) must be whole numbers',
		},
		{
			parameters: { resource: 'service', operation: 'applyEtfMany', serviceIds: '={{ [] }}' },
			message: 'Service IDs (serviceIds) must list at least one service ID',
		},
		{
			parameters: {
				resource: 'service',
				operation: 'calculateEtf',
				serviceId: rl(20001),
				date: '2026-13-01',
			},
			message: 'Date (date) must be a real date in YYYY-MM-DD format',
		},
		{
			parameters: {
				resource: 'service',
				operation: 'create',
				cid: rl('1001'),
				servicetype: 1,
				service_num: 'X',
				start_date: '31/01/2026',
			},
			message: 'Start Date (start_date) must be a real date in YYYY-MM-DD format',
		},
		{
			parameters: {
				resource: 'service',
				operation: 'update',
				serviceId: rl(20001),
				recalculateMonthlyFee: true,
				updateFields: { monthlyfee: 10 },
			},
			message: 'Monthly Fee (monthlyfee) cannot be given together with Recalculate Monthly Fee',
		},
		{
			parameters: {
				resource: 'service',
				operation: 'update',
				serviceId: rl(20001),
				updateFields: { service_status: '={{ "retired" }}' },
			},
			message:
				'Update Fields (updateFields): Service Status (service_status) must be one of: active, churned, ' +
				'disconnected, pending, pending_disconnection, suspended',
		},
		{
			parameters: {
				resource: 'service',
				operation: 'addMiscCharge',
				enid: rl(20001),
				pid: 1,
				charge_date: '2026-02-30',
			},
			message: 'Charge Date (charge_date) must be a real date in YYYY-MM-DD format',
		},
	];

	test.each(refused)('$message', async ({ parameters, message }) => {
		const result = await serviceNode.run(parameters);
		expect(result.error?.message).toBe(message);
		expect(serviceNode.sim().requests).toEqual([]);
	});

	test('a rate without a call type is refused', async () => {
		const result = await runCatalog({
			resource: 'callRate',
			operation: 'create',
			cardFields: { name: 'X' },
			callTypes: { rate: [{ ratepermin: 0.1 }] },
		});
		expect(result.error?.message).toBe('Rates (callTypes) row 1: Call Type (ctid) is required');
		expect(serviceNode.sim().requests).toEqual([]);
	});

	test('a price book item without its service type or product is refused', async () => {
		const result = await runCatalog({
			resource: 'priceBook',
			operation: 'create',
			name: 'X',
			items: { item: [{ related_type: 'service', override: 0, adjustment: 10 }] },
		});
		expect(result.error?.message).toBe(
			'Items (items) row 1: Service Type or Product ID (related_id) is required',
		);
	});
});
