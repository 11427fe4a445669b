import { TelcoBillingCatalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { TelcoBillingCrm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { runNode, shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';

// Found by a review: a value the node cannot read was dropped, or replaced by the platform's default, and the run
// reported success. An order line priced "80,00", "$80" or -5 was billed at the product's price; a timeline Entry
// ID that came out blank or as text made a new entry instead of the edit; a blank Tax Rate was left out and the
// item charged the product's 10%. Each is refused now, naming the field, before any request.

let sim: Simulator;
beforeEach(async () => {
	sim = await startSimulator();
});
afterEach(async () => await sim.close());
afterAll(async () => await shutdownEngine());

const posts = () => sim.requests.filter((request) => request.method === 'POST');

test.each(['80,00', '$80', -5])(
	'an order line priced %p is refused, never billed at the product’s price',
	async (price) => {
		const result = await runNode({
			nodeType: new TelcoBillingCrm(),
			parameters: {
				resource: 'order',
				operation: 'create',
				cid: { __rl: true, mode: 'id', value: '1001' },
				products: { product: [{ pid: 1, quantity: 1, price: '={{ $json.price }}' }] },
			},
			input: [{ price }],
			credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
		});
		expect(result.error?.message).toMatch(/Unit Price \(price\)/);
		expect(posts()).toEqual([]);
	},
);

test.each([[''], ['abc'], ['12x'], [-3], [1.5]])(
	'a timeline Entry ID that came out %p is refused: an edit never becomes a new entry',
	async (id) => {
		const result = await runNode({
			nodeType: new TelcoBillingCrm(),
			parameters: {
				resource: 'timeline',
				operation: 'upsert',
				module: 'customers',
				recordId: '1001',
				title: 'Call',
				description: 'Edited',
				id: '={{ $json.entry }}',
			},
			input: [{ entry: id }],
			credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
		});
		expect(result.error?.message).toMatch(/Entry ID \(id\)/);
		expect(posts()).toEqual([]);
	},
);

test('a blank Tax Rate on Add Misc Charge is refused, as a blank Price Inc Tax is', async () => {
	const result = await runNode({
		nodeType: new TelcoBillingService(),
		parameters: {
			resource: 'service',
			operation: 'addMiscCharge',
			enid: { __rl: true, mode: 'id', value: '20001' },
			pid: 1,
			charge_date: '2026-12-01',
			additionalFields: { taxrate: '={{ $json.rate }}' },
		},
		input: [{ rate: '' }],
		credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
	});
	expect(result.error?.message).toMatch(/Tax Rate \(taxrate\)/);
	expect(posts()).toEqual([]);
});

// n8n replaces the message of an error that holds a Node.js error code anywhere, in any case: "Rate Per Minute
// (ratepermin)" holds EPERM, and the refusal was shown as "Operation not permitted, make sure you have the right
// permissions", naming nothing.
test('a refusal naming Rate Per Minute (ratepermin) is shown in its own words', async () => {
	const result = await runNode({
		nodeType: new TelcoBillingCatalog(),
		parameters: {
			resource: 'callRate',
			operation: 'create',
			cardFields: { name: 'Night Rates' },
			callTypes: { rate: [{ ctid: 1, ratepermin: '={{ $json.rate }}' }] },
		},
		input: [{ rate: 'twelve cents' }],
		credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
	});
	expect(result.error?.message).toBe(
		'Rates (callTypes) row 1: Rate Per Minute (ratepermin) must be a number; it came out as "twelve cents"',
	);
	expect(sim.requests).toEqual([]);
});
