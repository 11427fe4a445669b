import type { INodeParameters } from 'n8n-workflow';
import { TelcoBillingCrm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { runNode } from '../harness/engine';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';
// Array answers report failures per record inside an HTTP 200: each must reach the user as a failure.
const crm = useNode(new TelcoBillingCrm());
const serviceNode = new TelcoBillingService();
const rl = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
const state = () => crm.sim().state;
async function runService(parameters: INodeParameters, continueOnFail = false) {
	return await runNode({
		nodeType: serviceNode,
		parameters: { resource: 'service', ...parameters },
		continueOnFail,
		credentials: { baseUrl: crm.sim().url, apiKey: DEMO_KEY },
	});
}

describe('External Sale: a refused sale or payment is a failure, not an output item', () => {
	const unknown = {
		resource: 'sale',
		operation: 'create',
		use: 'sale',
		cid: rl(424242),
		products: { product: [{ pid: 1, price: 10, quantity: 1 }] },
	};

	// The reference is resolved first (locators.ts), the way a path would reach it: an unknown customer
	// stops the sale before it is sent.
	test('an unknown customer is a node error, and no sale is sent', async () => {
		const result = await crm.run(unknown);
		expect(result.error?.message).toBe('No customer found (customer 424242)');
		expect(result.items).toEqual([]);
		expect(crm.sim().requests.filter((r) => r.url.includes('externalsales'))).toEqual([]);
	});

	test('with Continue On Fail it is an error item with the platform’s words, paired to its input item', async () => {
		const result = await crm.run(unknown, { continueOnFail: true });
		expect(jsonOf(result)).toEqual([{ error: 'no customer found' }]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	test('a sale whose payment failed (paymentResult.success false) is a failure that says the sale was recorded', async () => {
		const customer = state().customers[3];
		const parameters = {
			resource: 'sale',
			operation: 'create',
			use: 'saleWithPayment',
			cid: rl(customer.cid),
			products: { product: [{ pid: 2, price: 99, quantity: 1 }] },
			payments: { payment: [{ type: 'cash', amount: 150 }] },
		};
		const failed = await crm.run(parameters);
		// The sale's invoice is the newest (the simulator's history comes before it).
		const iid = state().invoices.at(-1)!.iid;
		expect(failed.error?.message).toBe(
			`payment exceeds the amount owing (cid ${customer.cid}, iid ${iid}; the payment failed, the sale was recorded)`,
		);
		const continued = await crm.run(parameters, { continueOnFail: true });
		expect(jsonOf(continued)).toEqual([
			{
				error: 'payment exceeds the amount owing',
				cid: customer.cid,
				iid: state().invoices.at(-1)!.iid,
				// A workflow that retries failed rows must not invoice the sale again.
				note: 'the payment failed, the sale was recorded',
			},
		]);
	});
});

describe('ETF for many services: an element with success:false is a failure', () => {
	const ids = () =>
		state()
			.services.filter((s) => s.deptid === 1)
			.slice(0, 2)
			.map((s) => s.id);

	test.each(['applyEtfMany', 'calculateEtfMany'])(
		'%s: the unknown service fails the node, naming it and what else was done',
		async (operation) => {
			const result = await runService({
				operation,
				serviceIds: [ids()[0], 99999, ids()[1]].join(','),
				date: '2026-03-15',
			});
			// Apply names what it charged, so a re-run does not charge those twice.
			const applied = `; the fee was applied to enid ${ids().join(', ')}; not applied to enid 99999: run again only for those`;
			expect(result.error?.message).toBe(
				`service not found (enid 99999; 2 of 3 records succeeded${operation === 'applyEtfMany' ? applied : ''})`,
			);
		},
	);

	test.each(['applyEtfMany', 'calculateEtfMany'])(
		'%s with Continue On Fail: the others as items, the unknown one as an error item, all paired',
		async (operation) => {
			const [first, second] = ids();
			const result = await runService(
				{ operation, serviceIds: `${first}, 99999, ${second}`, date: '2026-03-15' },
				true,
			);
			const out = jsonOf(result);
			expect(out.map((r) => r.enid)).toEqual([first, 99999, second]);
			expect(out[1]).toMatchObject({ error: 'service not found', enid: 99999 });
			expect(out[0].error).toBeUndefined();
			expect(result.items.map((i) => i.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 0 },
				{ item: 0 },
			]);
		},
	);
});
