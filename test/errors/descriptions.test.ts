import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { TelcoBillingTrigger } from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node';
import { loadNodeOptions, PollingTrigger, runNode } from '../harness/engine';
import { DEMO_KEY, useNode } from '../harness/nodeRunner';
import { closedAddress } from '../harness/leaks';
// Each kind of failure gets a description saying what happened, wherever the request came from.
const node = useNode(new TelcoBillingCustomer());
const balance = { resource: 'customer', operation: 'getBalance', cid: '1001' };
const describeFailure = async (parameters: Record<string, unknown>, baseUrl?: string) =>
	(await node.run(parameters as never, { baseUrl })).error?.description;

test('nothing listening: cannot connect, check the Base URL', async () => {
	expect(await describeFailure(balance, await closedAddress())).toMatch(
		/^n8n could not connect to the billing platform.*Base URL/,
	);
});

// A read is tried five times before the failure is reported (nodes/shared/retry.ts).
const everyTry = <T>(fault: T): T[] => Array.from({ length: 5 }, () => fault);

test('connection dropped on every try: the platform closed the connection', async () => {
	node.sim().faults.push(...everyTry('drop' as const));
	expect(await describeFailure(balance)).toMatch(/closed the connection before answering/);
});

test('no answer within the request timeout: timed out (the trigger has a timeout option)', async () => {
	const poller = new PollingTrigger(
		new TelcoBillingTrigger(),
		{ events: ['cdrsImported'], options: { timeout: 1 } },
		{ baseUrl: node.sim().url, apiKey: DEMO_KEY },
	);
	node.sim().faults.push(...everyTry('hang' as const));
	const error = (await poller.poll().catch((e: unknown) => e)) as { description?: string };
	expect(error.description).toMatch(
		/did not answer within 1 s, the time the node's Request Timeout \(Seconds\) option gives each request/,
	);
});

test('an HTTP error status: names the status', async () => {
	// 500 is not a status that passes: reported at once.
	node.sim().faults.push('http500');
	expect(await describeFailure(balance)).toMatch(/^The billing platform answered HTTP 500/);
});

test('an HTTP-200 refusal: quotes the platform', async () => {
	expect(await describeFailure({ ...balance, cid: '77777' })).toBe(
		'The billing platform refused the request: "no customer found".',
	);
});

test('an error_code refusal: names the code', async () => {
	node.sim().faults.push({ errorCode: 'quota_exceeded' });
	expect(await describeFailure(balance)).toBe(
		'The billing platform refused the request with error_code "quota_exceeded": ' +
			'"Injected failure quota_exceeded".',
	);
});

test('a dropdown says the same as a node run', async () => {
	const baseUrl = await closedAddress();
	const error = (await loadNodeOptions({
		nodeType: new TelcoBillingCustomer(),
		method: 'loadOptions.getServiceTypes',
		parameters: {},
		credentials: { baseUrl, apiKey: DEMO_KEY },
	}).catch((e: unknown) => e)) as { description?: string };
	expect(error.description).toMatch(/^n8n could not connect/);
});

test('a programmatic node says the same', async () => {
	const failed = await runNode({
		nodeType: new TelcoBillingCallRecord(),
		parameters: { operation: 'getImportStatus' },
		credentials: { baseUrl: await closedAddress(), apiKey: DEMO_KEY },
	});
	expect(failed.error?.description).toMatch(/^n8n could not connect/);
});

test('a trigger poll says the same', async () => {
	const poller = new PollingTrigger(
		new TelcoBillingTrigger(),
		{ events: ['cdrsImported'] },
		{ baseUrl: await closedAddress(), apiKey: DEMO_KEY },
	);
	const error = (await poller.poll().catch((e: unknown) => e)) as { description?: string };
	expect(error.description).toMatch(/^n8n could not connect/);
});
