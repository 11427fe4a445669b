import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';
import { TelcoBillingCrm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { OFF_SPEC_HEADER } from '../conformance/guard';
import { runNode } from '../harness/engine';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';
// The spec lets {cid} in a PATH be the customer id, account_id or crm_id; in request bodies cid is an
// integer. The node sends the integer the platform answers for the reference at customer/balance/{cid}.
const service = useNode(new TelcoBillingService());
const sim = () => service.sim();
const rl = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
const customer = () => sim().state.customers.find((c) => c.account_id === 'ACC-1-0002')!;
async function run(nodeType: INodeType, parameters: INodeParameters, continueOnFail = false) {
	return await runNode({
		nodeType,
		parameters,
		continueOnFail,
		credentials: { baseUrl: sim().url, apiKey: DEMO_KEY },
	});
}
const writes: Array<[string, INodeType, (ref: string) => INodeParameters, string]> = [
	[
		'Service Create',
		new TelcoBillingService(),
		(ref) => ({
			resource: 'service',
			operation: 'create',
			cid: rl(ref),
			servicetype: 1,
			service_num: 'N7000001',
			start_date: '2026-01-05',
		}),
		'/services/add',
	],
	[
		'Service Update (move to customer)',
		new TelcoBillingService(),
		(ref) => ({
			resource: 'service',
			operation: 'update',
			serviceId: rl(20001),
			updateFields: { cid: ref },
		}),
		'/services/update/20001',
	],
	[
		'Bundle Create',
		new TelcoBillingService(),
		(ref) => ({ resource: 'bundle', operation: 'create', cid: rl(ref), name: 'Team Pack' }),
		'/serviceBundles/post',
	],
	[
		'Charge Item Add',
		new TelcoBillingCustomer(),
		(ref) => ({
			resource: 'customer',
			operation: 'addChargeItem',
			cid: rl(ref),
			chargeFields: { description: 'Late fee', amount: 5 },
		}),
		'/customer/item/add',
	],
	[
		'Order Create',
		new TelcoBillingCrm(),
		(ref) => ({
			resource: 'order',
			operation: 'create',
			cid: rl(ref),
			products: { product: [{ pid: 1, quantity: 1, price: 0 }] },
		}),
		'/orders/add',
	],
	[
		'External Sale',
		new TelcoBillingCrm(),
		(ref) => ({
			resource: 'sale',
			operation: 'create',
			use: 'sale',
			cid: rl(ref),
			products: { product: [{ pid: 4, price: 5, quantity: 1 }] },
		}),
		'/externalsales/add',
	],
];
const sentTo = (path: string) =>
	sim().requests.find((r) => r.method === 'POST' && r.url.endsWith(path))?.body as
		| IDataObject
		| IDataObject[]
		| undefined;
const cidOf = (body: IDataObject | IDataObject[] | undefined) =>
	Array.isArray(body) ? body[0]?.cid : body?.cid;

describe.each(writes)('%s', (_name, nodeType, parameters, path) => {
	test('an account_id is looked up and sent as the integer customer id', async () => {
		const result = await run(nodeType, parameters('ACC-1-0002'));
		expect(result.error).toBeUndefined();
		expect(cidOf(sentTo(path))).toBe(customer().cid);
		expect(sim().requests[0].url).toBe(`/${DEMO_KEY}/customer/balance/ACC-1-0002`);
	});

	test('a crm_id too; a typed customer id is asked about like any reference, and sent as a number', async () => {
		await run(nodeType, parameters(customer().crm_id));
		expect(cidOf(sentTo(path))).toBe(customer().cid);
		sim().requests.length = 0;
		await run(nodeType, parameters(String(customer().cid)));
		expect(cidOf(sentTo(path))).toBe(customer().cid);
		expect(sim().requests[0].url).toBe(`/${DEMO_KEY}/customer/balance/${customer().cid}`);
	});

	test('an unknown account_id is no customer’s (nor a name’s), said with what to give; the write is never sent', async () => {
		const result = await run(nodeType, parameters('ACC-9-9999'), true);
		expect(jsonOf(result)).toEqual([
			{ error: expect.stringMatching(/^No customer is "ACC-9-9999" .*Give the customer ID/) },
		]);
		expect(sentTo(path)).toBeUndefined();
	});
});

describe('the simulator, like the spec, takes only an integer cid in these bodies', () => {
	const bodies: Array<[string, IDataObject | IDataObject[]]> = [
		[
			'/services/add',
			{ cid: 'ACC-1-0002', servicetype: 1, service_num: 'N1', start_date: '2026-01-05' },
		],
		['/services/update/20001', { cid: '1002' }],
		['/serviceBundles/post', { cid: 'ACC-1-0002', name: 'Pack' }],
		['/customer/item/add', { cid: '1002', description: 'Fee', amount: 5 }],
		['/orders/add', { cid: 'ACC-1-0002', items: [{ pid: 1, quantity: 1 }] }],
		[
			'/externalsales/add',
			[{ cid: 'ACC-1-0002', products: [{ pid: 1, price: '1.00', quantity: 1 }] }],
		],
	];

	test.each(bodies)('%s refuses a text cid', async (path, body) => {
		const response = await fetch(`${sim().url}/${DEMO_KEY}${path}`, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				[OFF_SPEC_HEADER]: 'a text cid, to see it refused',
			},
			body: JSON.stringify(body),
		});
		expect(JSON.stringify(await response.json())).toContain('cid must be an integer');
	});
});

test('the timeline’s {id} is the record’s integer id, not an account_id (only a path’s {cid} may be one)', async () => {
	const read = async (id: string) =>
		await (await fetch(`${sim().url}/${DEMO_KEY}/timeline/customers/${id}`)).json();
	expect(await read('ACC-1-0001')).toEqual({ success: false, description: 'record not found' });
	expect(await read('1001')).toMatchObject({ success: true });
});

describe('one reference, one customer: a body resolves it the way a path does', () => {
	test('a digits-only crm_id reaches the same customer in Get Balance and Add Charge Item', async () => {
		// Customer 1003's crm_id is the digits of another customer's id: the platform resolves a path's {cid}
		// to 1003 (it is the reference the user holds), so the body must carry 1003 too, not 1005.
		const holder = sim().state.customers.find((c) => c.cid === 1003)!;
		holder.crm_id = '1005';
		const customerNode = new TelcoBillingCustomer();
		const balance = await run(customerNode, {
			resource: 'customer',
			operation: 'getBalance',
			cid: rl('1005'),
		});
		expect(jsonOf(balance)).toEqual([expect.objectContaining({ cid: 1003 })]);
		const added = await run(customerNode, {
			resource: 'customer',
			operation: 'addChargeItem',
			cid: rl('1005'),
			chargeFields: { description: 'Late fee', amount: 5 },
		});
		expect(added.error).toBeUndefined();
		expect(sim().state.chargeItems).toEqual([expect.objectContaining({ cid: 1003 })]);
	});
});
