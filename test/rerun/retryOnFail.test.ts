import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { retryExecution } from '../harness/engine';
import type { RunOptions } from '../harness/engine';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';

// n8n's Retry On Fail calls the node's execute() again, whole, with the same input items, after it throws (or,
// under Continue, after its first output item is an error); retrying a failed execution from the executions list
// runs the failed node again the same way. A write an earlier try sent is never sent again by either.

const nodeType = new TelcoBillingCustomer();
const node = useNode(nodeType);

const payment = {
	resource: 'customer',
	operation: 'takePayment',
	cid: '={{ $json.cid }}',
	amount: '={{ $json.amount }}',
	pay_with: 'card_on_file',
};

function paymentsOf(cid: number) {
	return node.sim().state.payments.filter((one) => one.cid === cid && one.amount < 10);
}

function withCards() {
	for (const customer of node.sim().state.customers)
		customer.card_token = `card_tok_${customer.cid}`;
}

describe('Retry On Fail never sends a write again', () => {
	test('a payment whose answer was lost is not charged again by the next try', async () => {
		withCards();
		// The customer's balance read passes; the payment is stored and its answer lost.
		node.sim().faults.push('pass', 'failAfterWrite');
		const result = await node.run(payment, {
			input: [{ cid: '1001', amount: 7 }],
			settings: { retryOnFail: true, maxTries: 3 },
		});
		expect(paymentsOf(1001)).toHaveLength(1);
		expect(result.error?.message).toMatch(/503/);
		expect(String(result.error?.description)).toMatch(/may or may not have been carried out/);
		expect(String(result.error?.description)).toMatch(/earlier try/);
	});

	test('two items, the second no customer: the run stops before the first payment, every try', async () => {
		withCards();
		// 1099 is no customer: the platform would refuse the second payment ("no customer found").
		const result = await node.run(payment, {
			input: [
				{ cid: '1001', amount: 7 },
				{ cid: '1099', amount: 8 },
			],
			settings: { retryOnFail: true, maxTries: 3 },
		});
		expect(paymentsOf(1001)).toHaveLength(0);
		expect(result.error?.message).toMatch(/no customer found/i);
		expect(result.error?.context?.itemIndex).toBe(1);
		expect(node.sim().requests.filter((request) => request.method === 'POST')).toEqual([]);
	});

	test('two items, the second refused at its payment: the retry does not charge the first again', async () => {
		withCards();
		// The second customer has no card on file: the platform refuses its payment, after the first was made.
		node.sim().state.customers.find((one) => one.cid === 1002)!.card_token = '';
		const result = await node.run(payment, {
			input: [
				{ cid: '1001', amount: 7 },
				{ cid: '1002', amount: 8 },
			],
			settings: { retryOnFail: true, maxTries: 3 },
		});
		expect(paymentsOf(1001)).toHaveLength(1);
		expect(paymentsOf(1002)).toHaveLength(0);
		expect(result.error).toBeDefined();
		expect(String(result.error?.description)).toMatch(/\[item 0\]/);
	});

	test('under Continue, a first item that failed makes n8n run the node again: the others are not charged again', async () => {
		withCards();
		const result = await node.run(payment, {
			input: [
				{ cid: '1099', amount: 8 },
				{ cid: '1001', amount: 7 },
				{ cid: '1002', amount: 9 },
			],
			continueOnFail: true,
			settings: { retryOnFail: true, maxTries: 3 },
		});
		expect(paymentsOf(1001)).toHaveLength(1);
		expect(paymentsOf(1002)).toHaveLength(1);
		const json = jsonOf(result);
		expect(json).toHaveLength(3);
		expect(json[0].error).toMatch(/no customer found/i);
		expect(json[1]).toMatchObject({ success: true });
		expect(json[2]).toMatchObject({ success: true });
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
	});
});

describe('A failed execution retried from the executions list never sends a write again', () => {
	const options = (sim: { url: string }, input: IDataObject[]): RunOptions => ({
		nodeType,
		parameters: payment,
		input,
		credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
	});

	test('the items written before the stop are not charged again; the item that failed is sent again', async () => {
		withCards();
		const sim = node.sim();
		// The second payment's customer has no card on file yet: the platform refuses it.
		const target = sim.state.customers.find((one) => one.cid === 1002)!;
		target.card_token = '';
		const input = [
			{ cid: '1001', amount: 7 },
			{ cid: '1002', amount: 8 },
		];
		const first = await node.run(payment, { input });
		expect(first.error).toBeDefined();
		expect(paymentsOf(1001)).toHaveLength(1);
		target.card_token = 'card_tok_1002';
		const retried = await retryExecution(options(sim, input), first);
		expect(retried.error).toBeUndefined();
		expect(paymentsOf(1001)).toHaveLength(1);
		expect(paymentsOf(1002)).toHaveLength(1);
		expect(jsonOf(retried)).toEqual([
			expect.objectContaining({ success: true }),
			expect.objectContaining({ success: true }),
		]);
	});

	test('a payment whose answer was lost stays unsent in the retried execution, saying why', async () => {
		withCards();
		const sim = node.sim();
		sim.faults.push('pass', 'failAfterWrite');
		const input = [{ cid: '1001', amount: 7 }];
		const first = await node.run(payment, { input });
		expect(first.error).toBeDefined();
		const retried = await retryExecution(options(sim, input), first);
		expect(paymentsOf(1001)).toHaveLength(1);
		expect(String(retried.error?.description)).toMatch(/earlier try/);
	});
});
