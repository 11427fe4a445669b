import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { TelcoBillingTrigger } from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node';
import { loadNodeOptions, PollingTrigger, runNode } from '../harness/engine';
import { DEMO_KEY, jsonOf } from '../harness/nodeRunner';
import { useCustomer } from '../kits/customer';
import type { Fault } from '../simulator/app';

// An HTTP 200 that is not JSON (a crashed PHP server's error page, a proxy's empty body, JSON cut short) is a
// failure wherever it arrives: it never becomes an output item. A read is tried again; a write is not.
const { node, customer } = useCustomer();
const sim = () => node.sim();
const lasting = (fault: Fault) => sim().faults.push(...Array.from({ length: 5 }, () => fault));
const posts = (path: string) =>
	sim().requests.filter((r) => r.method === 'POST' && r.url.includes(path));
const balance = customer('getBalance', { cid: '1001' });
const payment = customer('takePayment', {
	cid: '1001',
	amount: 25,
	payWith: 'card_on_file',
});

const MESSAGES: Array<[Fault, RegExp]> = [
	['html200', /^The billing platform answered with an HTML page instead of JSON: ".*Fatal error/],
	['empty200', /^The billing platform answered with an empty body instead of JSON/],
	['truncated200', /^The billing platform answered with JSON cut short/],
];

describe('an answer that is not JSON fails the item', () => {
	test.each(MESSAGES)(
		'%s on every try of a read: the error says what arrived',
		async (fault, message) => {
			lasting(fault);
			const result = await node.run(balance);
			expect(result.items).toEqual([]);
			expect(result.error?.message).toMatch(message);
			expect(result.error?.message).toMatch(/\(tried 5 times over \d+ s\)$/);
			expect(result.error?.description).toMatch(/not with the JSON this operation documents/);
			expect(JSON.stringify(result.error)).not.toContain(DEMO_KEY);
		},
	);

	test('a read that got an HTML page once is tried again and succeeds', async () => {
		sim().faults.push('html200');
		const result = await node.run(balance);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([expect.objectContaining({ cid: 1001, success: true })]);
	});

	test.each(MESSAGES)(
		'%s to a payment: an error, sent once, and the user told to check',
		async (fault, message) => {
			// The customer's balance read (proving it before money moves) passes; the payment meets the fault.
			sim().faults.push('pass', fault);
			const before = posts('/customer/payment/').length;
			const result = await node.run(payment);
			expect(result.items).toEqual([]);
			expect(result.error?.message).toMatch(message);
			expect(posts('/customer/payment/').length - before).toBe(1);
			expect(result.error?.description).toMatch(
				/may or may not have been carried out.*check on the platform/,
			);
		},
	);

	test('under Continue On Fail the HTML answer is an error item paired to its input, the others succeed', async () => {
		sim().faults.push('pass', 'html200', 'pass');
		const result = await node.run(
			customer('takePayment', { cid: '={{ $json.cid }}', amount: 10, payWith: 'card_on_file' }),
			{
				input: [{ cid: '1001' }, { cid: '1004' }, { cid: '1007' }],
				continueOnFail: true,
				// One at a time, so the fault meets the second item.
				credential: { maxConcurrency: 1 },
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(jsonOf(result)[1]).toEqual({
			error: expect.stringMatching(/HTML page instead of JSON/),
			httpCode: '200',
		});
		expect(jsonOf(result)[0].success).toBe(true);
		expect(jsonOf(result)[2].success).toBe(true);
	});
});

describe('everywhere else the package reads an answer', () => {
	const credentials = () => ({ baseUrl: sim().url, apiKey: DEMO_KEY });

	test('a dropdown', async () => {
		lasting('html200');
		const error = (await loadNodeOptions({
			nodeType: new TelcoBillingCustomer(),
			method: 'loadOptions.getCdrSources',
			parameters: {},
			credentials: credentials(),
		}).catch((e: unknown) => e)) as Error;
		expect(error.message).toMatch(/HTML page instead of JSON/);
	});

	test('the trigger', async () => {
		const poller = new PollingTrigger(
			new TelcoBillingTrigger(),
			{ events: ['cdrsImported'] },
			credentials(),
		);
		lasting('empty200');
		await expect(poller.poll()).rejects.toThrow(/empty body instead of JSON/);
	});

	test('Call Record Add Many: a batch answered with an HTML page every time fails its items', async () => {
		lasting('html200');
		const result = await runNode({
			nodeType: new TelcoBillingCallRecord(),
			parameters: { operation: 'addMany', dataMode: 'autoMap' },
			input: [
				{
					orig_id: 'm-1',
					startdate: '2026-11-20 10:00:00',
					callerid: '1',
					direction: 'outbound',
					destination: '2',
				},
			] as IDataObject[],
			credentials: credentials(),
		});
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(/HTML page instead of JSON/);
	});
});

describe('a Base URL that answers a web page is told as a wrong Base URL, not a passing fault', () => {
	const WRONG_BASE_URL =
		/^The Base URL answered with a web page \("Demo Telco – Customer Portal"\), not the billing platform API: check the Base URL in the Telco Billing API credential/;
	const NOT_THE_API = /check that it is the API address including its API prefix, e\.g\. https:/;

	test('a read answered with a web page on every try names the page and the Base URL', async () => {
		lasting('webPage200');
		const result = await node.run(balance);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(WRONG_BASE_URL);
		expect(result.error?.description).toMatch(NOT_THE_API);
		expect(result.error?.description).not.toMatch(/try again later/);
	});

	test('a web page once, then the platform: the read is tried again and succeeds', async () => {
		sim().faults.push('webPage200');
		const result = await node.run(balance);
		expect(jsonOf(result)).toEqual([expect.objectContaining({ cid: 1001, success: true })]);
	});

	test('a write answered with a web page: sent once, the Base URL named, the outcome not claimed', async () => {
		sim().faults.push('pass', 'webPage200');
		const before = posts('/customer/payment/').length;
		const result = await node.run(payment);
		expect(result.error?.message).toMatch(WRONG_BASE_URL);
		expect(posts('/customer/payment/').length - before).toBe(1);
		expect(result.error?.description).toMatch(NOT_THE_API);
		expect(result.error?.description).toMatch(/may or may not have been carried out/);
	});

	test('a web page once among platform faults is still a malformed answer: only when every try is a page', async () => {
		sim().faults.push('webPage200', 'html200', 'webPage200', 'webPage200', 'webPage200');
		const result = await node.run(balance);
		expect(result.error?.message).toMatch(/^The billing platform answered with an HTML page/);
	});

	test('the same words from a dropdown and from Call Record Add Many', async () => {
		const credentials = { baseUrl: sim().url, apiKey: DEMO_KEY };
		lasting('webPage200');
		const error = (await loadNodeOptions({
			nodeType: new TelcoBillingCustomer(),
			method: 'loadOptions.getCdrSources',
			parameters: {},
			credentials,
		}).catch((e: unknown) => e)) as Error;
		expect(error.message).toMatch(WRONG_BASE_URL);
		lasting('webPage200');
		const result = await runNode({
			nodeType: new TelcoBillingCallRecord(),
			parameters: { operation: 'addMany', dataMode: 'autoMap' },
			input: [
				{
					orig_id: 'm-1',
					startdate: '2026-11-20 10:00:00',
					callerid: '1',
					direction: 'outbound',
					destination: '2',
				},
			] as IDataObject[],
			credentials,
		});
		expect(result.error?.message).toMatch(WRONG_BASE_URL);
	});
});
