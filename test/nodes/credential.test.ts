import type { IDataObject, INodeType } from 'n8n-workflow';
import { TelcoBillingApi } from '../../credentials/TelcoBillingApi.credentials';
import { useNode } from '../helpers';

const credential = new TelcoBillingApi();

/** A declarative node made of the credential's test request alone: what n8n's credential tester runs. */
const testRequestNode: INodeType = {
	description: {
		displayName: 'Credential Test',
		name: 'credentialTest',
		group: ['input'],
		version: 1,
		description: 'Sends the credential test request',
		defaults: { name: 'Credential Test' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'telcoBillingApi', required: true }],
		requestDefaults: credential.test.request,
		properties: [],
	},
};

const node = useNode(testRequestNode);

/** The verdict n8n gives for `responseSuccessBody` rules: the first rule whose key holds its value fails the test. */
function verdict(body: IDataObject): string {
	for (const rule of credential.test.rules ?? []) {
		if (rule.type === 'responseSuccessBody' && body[rule.properties.key] === rule.properties.value) {
			return rule.properties.message;
		}
	}
	return 'OK';
}

test('a good key passes the credential test with one cheap request', async () => {
	const result = await node.run({});
	expect(result.items).toHaveLength(1);
	expect(verdict(result.items[0].json)).toBe('OK');
	expect(node.sim().requests).toEqual([{ method: 'GET', url: '/demo-key-0001/cdr/status' }]);
});

test('an unknown key fails the test on the HTTP-200 `invalid key` body', async () => {
	const result = await node.run({}, { apiKey: 'wrong-key' });
	expect(result.error).toBeUndefined();
	expect(verdict(result.items[0].json)).toMatch(/invalid key/);
});

test('a base URL with a trailing slash still works', async () => {
	const result = await node.run({}, { baseUrl: `${node.sim().url}/` });
	expect(verdict(result.items[0].json)).toBe('OK');
	expect(node.sim().requests[0].url).toBe('/demo-key-0001/cdr/status');
});
