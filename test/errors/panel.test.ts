import { TelcoBillingBulkEmail } from '../../nodes/TelcoBillingBulkEmail/TelcoBillingBulkEmail.node';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { runNode } from '../harness/engine';
import type { RunResult } from '../harness/engine';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';
import { closedAddress, leaks } from '../harness/leaks';

// What n8n's error panel shows for a failed node: the message, the description under it, and an
// "Error code" line holding the error's httpCode when it has one.

const node = useNode(new TelcoBillingCustomer());
const rl = (value: string) => ({ __rl: true, mode: 'id', value });
const balance = (cid: string) => ({ resource: 'customer', operation: 'getBalance', cid: rl(cid) });
const campaign = (operation: string, campaignId: string) =>
	runNode({
		nodeType: new TelcoBillingBulkEmail(),
		parameters: { resource: 'campaign', operation, campaignId },
		credentials: { baseUrl: node.sim().url, apiKey: DEMO_KEY },
	});
const panel = ({ error }: RunResult) => ({
	message: error?.message,
	description: error?.description,
	errorCode: error?.httpCode ?? undefined,
});

describe('the Error code line', () => {
	test('is absent when the platform refuses without an error_code', async () => {
		const shown = panel(await node.run(balance('99999')));
		expect(shown.errorCode).toBeUndefined();
		expect(JSON.stringify(shown)).not.toMatch(/\bnone\b/);
	});

	test('is absent when the platform cannot be reached', async () => {
		const shown = panel(await node.run(balance('1001'), { baseUrl: await closedAddress() }));
		expect(shown.message).toMatch(/^Could not connect to the billing platform/);
		expect(shown.errorCode).toBeUndefined();
		expect(JSON.stringify(shown)).not.toMatch(/\bnone\b/);
	});

	test('is the HTTP status of an HTTP error', async () => {
		node.sim().faults.push('http500');
		expect(panel(await node.run(balance('1001'))).errorCode).toBe('500');
	});

	test('is the platform’s error_code when it gives one', async () => {
		const result = await campaign('get', '424242');
		expect(panel(result)).toEqual({
			message: 'Campaign not found (campaign 424242) [not_found]',
			description:
				'The billing platform refused the request with error_code "not_found": "Campaign not found".',
			errorCode: 'not_found',
		});
		expect(result.error?.context).toMatchObject({
			errorCode: 'not_found',
			platformMessage: 'Campaign not found',
		});
	});
});

describe('a terse not-found answer says which record it was about', () => {
	test('by the value given, keeping the platform’s words in the description and the error', async () => {
		const result = await node.run(balance('99999'));
		expect(panel(result)).toEqual({
			message: 'No customer found (customer 99999)',
			description: 'The billing platform refused the request: "no customer found".',
			errorCode: undefined,
		});
		expect(result.error?.context).toMatchObject({ platformMessage: 'no customer found' });
	});

	test('an account_id (that is no customer’s name either) is named as it was given', async () => {
		const result = await node.run({
			resource: 'customer',
			operation: 'update',
			cid: rl('ACC-NOPE'),
			updateFields: { company: 'X' },
		});
		expect(result.error?.message).toMatch(/^No customer is "ACC-NOPE" /);
	});

	test('with Continue On Fail the item keeps the platform’s own words, paired to its input', async () => {
		const result = await node.run(balance('99999'), { continueOnFail: true, input: [{ n: 1 }] });
		expect(jsonOf(result)).toEqual([{ error: 'no customer found' }]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	test('an answer that names its record already is left as it is', async () => {
		const result = await runNode({
			nodeType: new TelcoBillingService(),
			parameters: { resource: 'service', operation: 'getDailyCost', service_num: 'N999' },
			credentials: { baseUrl: node.sim().url, apiKey: DEMO_KEY },
		});
		expect(result.error?.message).toBe('N999 not found');
	});

	test('the key never shows, even typed where a customer goes', async () => {
		const result = await node.run(balance(DEMO_KEY));
		expect(result.error?.message).toMatch(/^No customer is "\*\*\*" /);
		// n8n keeps the parameter as typed (and the node, parameters included, in the error); what the
		// error says does not hold it.
		const { message, description, context } = result.error!;
		expect(leaks([message, description, context], [DEMO_KEY])).toEqual([]);
	});
});
