import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { retryExecution } from '../harness/engine';
import type { RunOptions, RunResult } from '../harness/engine';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';
import type { NodeRunner } from '../harness/nodeRunner';
import { ETF_DATE } from '../simulator/state';

// What an earlier try of a node wrote is remembered for n8n's re-runs (Retry On Fail, a failed execution
// retried from the executions list). The world changes between the try and the retry: the department's key is
// rotated, the node is fixed. What is remembered stands for the request an item makes (where it goes, what it
// sends), never for a secret that can rotate nor for the item's input alone.

const customerType = new TelcoBillingCustomer();
const serviceType = new TelcoBillingService();
const customers = useNode(customerType);
const services = useNode(serviceType);

const ROTATED = `${DEMO_KEY}-rotated`;

const payment = (cid: string) => ({
	resource: 'customer',
	operation: 'takePayment',
	cid,
	amount: '={{ $json.amount }}',
	pay_with: 'card_on_file',
});

function paymentsOf(node: NodeRunner, cid: number) {
	return node.sim().state.payments.filter((one) => one.cid === cid && one.amount < 10);
}

function withCards(node: NodeRunner) {
	for (const customer of node.sim().state.customers)
		customer.card_token = `card_tok_${customer.cid}`;
}

/** The department's key rotated: a new key for the same department; the old one disabled. */
function rotateKey(node: NodeRunner) {
	const keys = node.sim().state.keys;
	const old = keys.get(DEMO_KEY)!;
	keys.set(ROTATED, { ...structuredClone(old), key: ROTATED });
	old.disabled = true;
}

const retryOptions = (
	node: NodeRunner,
	nodeType: RunOptions['nodeType'],
	parameters: IDataObject,
	input: IDataObject[],
	apiKey = DEMO_KEY,
): RunOptions => ({
	nodeType,
	parameters: parameters as RunOptions['parameters'],
	input,
	credentials: { baseUrl: node.sim().url, apiKey },
});

describe('a failed execution retried after the key was rotated', () => {
	test('the payments the earlier try made are not charged again; the one it could not make is', async () => {
		withCards(customers);
		const target = customers.sim().state.customers.find((one) => one.cid === 1002)!;
		target.card_token = '';
		const input = [
			{ cid: '1001', amount: 7 },
			{ cid: '1002', amount: 8 },
		];
		const parameters = payment('={{ $json.cid }}');
		const first = await customers.run(parameters, { input });
		expect(first.error).toBeDefined();
		expect(paymentsOf(customers, 1001)).toHaveLength(1);
		rotateKey(customers);
		target.card_token = 'card_tok_1002';
		const retried = await retryExecution(
			retryOptions(customers, customerType, parameters, input, ROTATED),
			first,
		);
		expect(retried.error).toBeUndefined();
		expect(paymentsOf(customers, 1001)).toHaveLength(1);
		expect(paymentsOf(customers, 1002)).toHaveLength(1);
	});

	test('a key revoked mid-run and replaced: the payment made before the revocation is not made again', async () => {
		withCards(customers);
		const input = [
			{ cid: '1001', amount: 7 },
			{ cid: '1002', amount: 8 },
		];
		const parameters = payment('={{ $json.cid }}');
		// Both customers proven (two balance reads), the first payment made; then the key is refused.
		customers.sim().faults.push('pass', 'pass', 'pass', 'invalidKey');
		const first = await customers.run(parameters, {
			input,
			credential: { maxConcurrency: 1 },
		});
		expect(first.error?.message).toMatch(/invalid key/i);
		expect(paymentsOf(customers, 1001)).toHaveLength(1);
		expect(paymentsOf(customers, 1002)).toHaveLength(0);
		rotateKey(customers);
		const retried = await retryExecution(
			retryOptions(customers, customerType, parameters, input, ROTATED),
			first,
		);
		expect(retried.error).toBeUndefined();
		expect(paymentsOf(customers, 1001)).toHaveLength(1);
		expect(paymentsOf(customers, 1002)).toHaveLength(1);
	});
});

describe('a failed execution retried after the node was fixed', () => {
	test('the earlier try’s payment to the wrong customer is not shown as this try’s: the right customer is charged', async () => {
		withCards(customers);
		const third = customers.sim().state.customers.find((one) => one.cid === 1003)!;
		third.card_token = '';
		// Customer mapped to the wrong column: item 0 pays 1001 instead of 1002; item 1 fails at 1003.
		const input = [
			{ wrong: '1001', right: '1002', amount: 7 },
			{ wrong: '1003', right: '1004', amount: 8 },
		];
		const first = await customers.run(payment('={{ $json.wrong }}'), { input });
		expect(first.error).toBeDefined();
		expect(paymentsOf(customers, 1001)).toHaveLength(1);
		const fixed = payment('={{ $json.right }}');
		const retried = await retryExecution(
			retryOptions(customers, customerType, fixed, input),
			first,
		);
		expect(retried.error).toBeUndefined();
		expect(paymentsOf(customers, 1001)).toHaveLength(1);
		expect(paymentsOf(customers, 1002)).toHaveLength(1);
		expect(paymentsOf(customers, 1004)).toHaveLength(1);
		expect(jsonOf(retried)).toEqual([
			expect.objectContaining({ success: true }),
			expect.objectContaining({ success: true }),
		]);
	});

	test('Retry On Fail after the platform’s answer changes nothing the item asks: what was written stays written once', async () => {
		withCards(customers);
		customers.sim().state.customers.find((one) => one.cid === 1002)!.card_token = '';
		const result: RunResult = await customers.run(payment('={{ $json.cid }}'), {
			input: [
				{ cid: '1001', amount: 7 },
				{ cid: '1002', amount: 8 },
			],
			settings: { retryOnFail: true, maxTries: 3 },
		});
		expect(result.error).toBeDefined();
		expect(paymentsOf(customers, 1001)).toHaveLength(1);
	});
});

describe('an item given back from an earlier try passes every once-per-run rule', () => {
	test('Apply ETF: a service charged by the earlier try and listed again in a later item is not charged again', async () => {
		const state = services.sim().state;
		const charged = state.services[0].id;
		const parameters = {
			resource: 'service',
			operation: 'applyEtf',
			serviceId: '={{ $json.id }}',
			// Within the seeded contract (to 1 January 2027), so a fee is owed whatever today is.
			date: ETF_DATE,
		};
		// Item 1's service does not exist yet: the run stops there, after item 0 was charged.
		const input = [{ id: charged }, { id: 29999 }, { id: charged }];
		const first = await services.run(parameters, { input, credential: { maxConcurrency: 1 } });
		expect(first.error).toBeDefined();
		const fees = () => state.serviceCharges.filter((c) => c.enid === charged && c.kind === 'etf');
		expect(fees()).toHaveLength(1);
		state.services.push({ ...structuredClone(state.services[0]), id: 29999 });
		const retried = await retryExecution(
			{ ...retryOptions(services, serviceType, parameters, input) },
			first,
		);
		expect(retried.error).toBeUndefined();
		expect(fees()).toHaveLength(1);
		expect(jsonOf(retried)[2]).toMatchObject({ repeat: true });
	});
});
