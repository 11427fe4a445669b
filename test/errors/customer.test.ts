import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, useNode } from '../harness/nodeRunner';
import { rewritingProxy } from '../harness/rewriteProxy';
const node = useNode(new TelcoBillingCustomer());
// Each documented customer failure: as a node error, then with Continue On Fail as an item paired to its input.
const documented = [
	{
		name: 'no customer found (success:false, description)',
		parameters: { resource: 'customer', operation: 'getBalance', cid: '99999' },
		message: 'no customer found',
		shown: 'No customer found (customer 99999)',
	},
	{
		name: "no customer found (result:'false', reason, id:0) on update",
		parameters: {
			resource: 'customer',
			operation: 'update',
			cid: '99998',
			updateFields: { company: 'X' },
		},
		message: 'no customer found',
		shown: 'No customer found (customer 99998)',
	},
	{
		name: "unable to retrieve customer (success:'false' as a string, message)",
		parameters: { resource: 'customer', operation: 'getServicePricing', cid: '99999' },
		message: 'unable to retrieve customer',
		shown: 'Unable to retrieve customer (customer 99999)',
	},
	{
		name: "the add failure (result:'false', reason, id:0)",
		parameters: {
			resource: 'customer',
			operation: 'create',
			customerFields: { email: 'only@email.example', ctgid: 1 },
		},
		// The node sends no ctgid the platform refuses (a rate card's ID is refused otherwise before sending), so
		// the platform's refusal is answered in its documented shape.
		refusal: { result: 'false', reason: 'ctgid number must be greater than or equal to 0', id: 0 },
		message: 'ctgid number must be greater than or equal to 0',
		shown: 'ctgid number must be greater than or equal to 0',
	},
	{
		name: 'no customer found on a contact endpoint',
		parameters: { resource: 'contact', operation: 'getAll', cid: '99999', returnAll: true },
		message: 'no customer found',
		shown: 'No customer found (customer 99999)',
	},
	{
		name: 'no customer found on credit management',
		parameters: {
			resource: 'customer',
			operation: 'setCreditManagement',
			cid: '99999',
			status: '0',
		},
		message: 'no customer found',
		shown: 'No customer found (customer 99999)',
	},
];

// The error shown names the customer the platform's terse words are about; the platform's own words stay
// in the error (platformMessage) and are the Continue On Fail item's error.
type Documented = (typeof documented)[number] & { refusal?: IDataObject };

/** The node run against the simulator, or through a proxy answering the case's refusal for the simulator. */
async function runCase(
	{ parameters, refusal }: Documented,
	options: Parameters<typeof node.run>[1] = {},
) {
	if (!refusal) return await node.run(parameters, options);
	const proxy = await rewritingProxy(
		() => node.sim().url,
		(method) => method === 'POST',
		() => refusal,
	);
	try {
		return await node.run(parameters, { ...options, baseUrl: proxy.url });
	} finally {
		await proxy.close();
	}
}

describe.each(documented as Documented[])('$name', (documentedCase) => {
	const { message, shown } = documentedCase;
	test('stops the node with a NodeApiError carrying the platform’s words', async () => {
		const result = await runCase(documentedCase);
		expect(result.items).toEqual([]);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe(shown);
		expect(result.error?.context).toMatchObject({ itemIndex: 0, platformMessage: message });
	});

	test('with Continue On Fail becomes an output item paired to its input item', async () => {
		const result = await runCase(documentedCase, {
			continueOnFail: true,
			input: [{ n: 1 }, { n: 2 }],
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ error: message }, { error: message }]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describe('invalid key', () => {
	test.each(['no-such-key', 'disabled-key'])(
		'%s: the HTTP-200 `invalid key` body is a node error',
		async (apiKey) => {
			const result = await node.run(
				{ resource: 'customer', operation: 'getAll', returnAll: true },
				{ apiKey },
			);
			expect(result.error?.name).toBe('NodeApiError');
			// As helpful as the credential test: what the platform said, and what to do.
			expect(result.error?.message).toBe(
				'The platform answered "invalid key": check the API key in the Telco Billing API credential ' +
					'and that it belongs to the platform at its Base URL',
			);
			expect(result.error?.description).toMatch(
				/paste the department’s API token again.*Test button/,
			);
			// No "Error code none" line in the panel: the HTTP status was 200, there is no error_code.
			expect(
				(result.error as unknown as { httpCode?: string }).httpCode ?? undefined,
			).toBeUndefined();
		},
	);

	test('with Continue On Fail it is an item paired to its input', async () => {
		const result = await node.run(
			{ resource: 'customer', operation: 'getBalance', cid: '1001' },
			{ apiKey: 'nope', continueOnFail: true },
		);
		expect(result.items).toEqual([
			expect.objectContaining({ json: { error: 'invalid key' }, pairedItem: { item: 0 } }),
		]);
	});
});

describe('mixed items', () => {
	test('with Continue On Fail, good and bad items keep their order and pairing', async () => {
		const result = await node.run(
			{ resource: 'customer', operation: 'getBalance', cid: '={{ $json.cid }}' },
			{ continueOnFail: true, input: [{ cid: '1001' }, { cid: '424242' }, { cid: '1003' }] },
		);
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ cid: 1001 }),
			{ error: 'no customer found' },
			expect.objectContaining({ cid: 1003 }),
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});
