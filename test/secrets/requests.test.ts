import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import type { RunResult } from '../harness/engine';
import { jsonOf, useNode } from '../harness/nodeRunner';
import { closedAddress, KEY, leaks } from '../harness/leaks';
const node = useNode(new TelcoBillingCustomer());
function expectNoKey(result: RunResult): void {
	expect(leaks([result.run, result.error, result.items])).toEqual([]);
}
beforeEach(() => {
	node.sim().state.keys.set(KEY, { key: KEY, data: { department: 1 } });
});
const balance = { resource: 'customer', operation: 'getBalance', cid: '1001' };

test('the key travels only as the encoded first path segment', async () => {
	const result = await node.run(balance, { apiKey: KEY });
	expect(jsonOf(result)).toEqual([expect.objectContaining({ cid: 1001 })]);
	expect(node.sim().requests).toEqual([
		{
			method: 'GET',
			url: `/${encodeURIComponent(KEY)}/customer/balance/1001`,
			headers: expect.any(Object),
		},
	]);
	expectNoKey(result);
});

test('path values are encoded: a customer reference cannot change the path', async () => {
	const result = await node.run(
		{ ...balance, cid: '../getAll?x=/' },
		{ apiKey: KEY, continueOnFail: true },
	);
	expect(node.sim().requests[0].url).toBe(
		`/${encodeURIComponent(KEY)}/customer/balance/..%2FgetAll%3Fx%3D%2F`,
	);
	expect(jsonOf(result)).toEqual([
		{ error: expect.stringMatching(/^No customer is "\.\.\/getAll/) },
	]);
	// Looked up by name too: the search's value is one encoded segment as well.
	expect(node.sim().requests.map((r) => r.url)).toContain(
		`/${encodeURIComponent(KEY)}/customer/search/name/..%2FgetAll%3Fx%3D%2F`,
	);
});

describe('the key never appears in an error, its description or the execution data', () => {
	test('on an HTTP 500 whose body echoes the request path', async () => {
		node.sim().faults.push('http500');
		const result = await node.run(balance, { apiKey: KEY });
		expect(result.error?.message).toMatch(
			/^HTTP 500 from the billing platform: Internal Server Error while handling \/\*\*\*\/customer\/balance\/1001/,
		);
		expectNoKey(result);
	});

	test('on an HTTP 500 with Continue On Fail', async () => {
		node.sim().faults.push('http500');
		const result = await node.run(balance, { apiKey: KEY, continueOnFail: true });
		expect(jsonOf(result)[0]).toMatchObject({ httpCode: '500' });
		expectNoKey(result);
	});

	test('on a refused connection', async () => {
		const result = await node.run(balance, { apiKey: KEY, baseUrl: await closedAddress() });
		expect(result.error?.message).toMatch(
			/^Could not connect to the billing platform \(connection refused\): check the Base URL \(tried 5 times over \d+ s\)$/,
		);
		expectNoKey(result);
	});

	test('on a connection dropped mid-request', async () => {
		// On every try: a read is tried 5 times.
		node.sim().faults.push('drop', 'drop', 'drop', 'drop', 'drop');
		const result = await node.run(balance, { apiKey: KEY });
		expect(result.error?.message).toMatch(/billing platform/);
		expectNoKey(result);
	});

	test('on an HTTP-200 failure', async () => {
		const result = await node.run({ ...balance, cid: '77777' }, { apiKey: KEY });
		expect(result.error?.message).toBe('No customer found (customer 77777)');
		expectNoKey(result);
	});

	test('on an HTTP-200 invalid key answer', async () => {
		node.sim().state.keys.delete(KEY);
		const result = await node.run(balance, { apiKey: KEY, continueOnFail: true });
		expect(jsonOf(result)).toEqual([{ error: 'invalid key' }]);
		expectNoKey(result);
	});
});

test('portal passwords and card numbers sent in a body stay out of errors', async () => {
	// The customer's balance read passes; the payment's 500 page echoes its body.
	node.sim().faults.push('pass', 'http500');
	const result = await node.run(
		{
			resource: 'customer',
			operation: 'takePayment',
			cid: '1001',
			amount: 10,
			pay_with: 'card',
			cc_name: 'A Person',
			cc_number: '={{ $json.card }}',
			cc_expmonth: '07',
			cc_expyear: '2030',
			cc_ccv: '987',
		},
		{ input: [{ card: '4111111111111111' }] },
	);
	expect(result.error).toBeDefined();
	const error = result.error!;
	expect(error.message).toContain('"cc_number":***'); // an integer, as the spec types it
	const shown = [
		error.message,
		error.description,
		JSON.stringify(error.context),
		JSON.stringify((error as { messages?: string[] }).messages),
	];
	expect(shown.filter((text) => text?.includes('4111111111111111'))).toEqual([]);
});
