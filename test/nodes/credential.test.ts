import type { ICredentialTestRequest, IDataObject, INodeType } from 'n8n-workflow';
import { TelcoBillingApi } from '../../credentials/TelcoBillingApi.credentials';
import type { RunResult } from '../harness/engine';
import { useNode } from '../helpers';
import { closedAddress, ECHO_MODES, KEY, leaks, startEchoServer } from '../leaks';
import type { EchoServer } from '../leaks';

const credential = new TelcoBillingApi();

/**
 * The node n8n's CredentialsTester builds for a declarative test: no properties of its own but one
 * whose routing.request is the credential's test request, run by RoutingNode.
 */
function testRequestNode(test: ICredentialTestRequest, credentialName: string): INodeType {
	return {
		description: {
			displayName: 'Credential Test',
			name: 'credentialTest',
			group: ['input'],
			version: 1,
			description: 'Sends the credential test request',
			defaults: { name: 'Credential Test' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credentialName, required: true }],
			properties: [{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: test.request } }],
		},
	};
}

/** lodash `get` as n8n uses it on the rules' keys: a path of properties, which on a text body indexes its characters. */
function read(value: unknown, key: string): unknown {
	return key.split('.').reduce<unknown>((at, part) => (at === null || at === undefined ? undefined : (at as Record<string, unknown>)[part]), value);
}

type CauseOf = { cause?: { response?: { status: number; statusText?: string }; code?: string } };

/** The message n8n's CredentialsTester.testCredentials shows for a run of the test request, by the same steps. */
export function verdict(test: ICredentialTestRequest, result: RunResult): string {
	const error = result.error as (RunResult['error'] & CauseOf) | undefined;
	if (error) {
		const response = error.cause?.response;
		if (response) {
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === response.status) return rule.properties.message;
			}
			if (response.status < 199 || response.status > 299) return response.statusText || `Received HTTP status code: ${response.status}`;
		} else if (error.cause?.code) {
			return error.cause.code;
		}
		return error.message;
	}
	for (const rule of test.rules ?? []) {
		if (rule.type === 'responseSuccessBody' && read(result.items[0].json as IDataObject, rule.properties.key) === rule.properties.value) {
			return rule.properties.message;
		}
	}
	return 'Connection successful!';
}

const node = useNode(testRequestNode(credential.test, credential.name));
const check = async (options: { apiKey?: string; baseUrl?: string } = {}) => verdict(credential.test, await node.run({}, options));

test('a good key passes the credential test with one cheap request', async () => {
	expect(await check()).toBe('Connection successful!');
	expect(node.sim().requests).toEqual([{ method: 'GET', url: '/demo-key-0001/cdr/status' }]);
});

test('an unknown key fails on the HTTP-200 `invalid key` body', async () => {
	expect(await check({ apiKey: 'wrong-key' })).toMatch(/^The platform answered "invalid key"/);
});

test('a base URL with a trailing slash still works', async () => {
	expect(await check({ baseUrl: `${node.sim().url}/` })).toBe('Connection successful!');
	expect(node.sim().requests[0].url).toBe('/demo-key-0001/cdr/status');
});

test('a Base URL without the API prefix (the platform answers 404): says to check the prefix', async () => {
	expect(await check({ baseUrl: `${node.sim().url}/nope` })).toMatch(/check the Base URL \(including its API prefix\)/);
});

test('a host that does not answer: n8n says the connection was refused', async () => {
	expect(await check({ baseUrl: await closedAddress() })).toBe('The service refused the connection - perhaps it is offline');
});

describe('against a server echoing the path (key included)', () => {
	let echo: EchoServer;
	beforeAll(async () => {
		echo = await startEchoServer();
	});
	afterAll(async () => {
		await echo.close();
	});

	test.each([...ECHO_MODES, 'html200' as const])('%s: the verdict is an error without the key', async (mode) => {
		echo.mode = mode;
		const message = await check({ baseUrl: echo.url, apiKey: KEY });
		expect(message).not.toBe('Connection successful!');
		expect(leaks(message)).toEqual([]);
	});

	test.each(['html200', 'html403', 'text500', 'long502'] as const)('%s (not the platform answering): says the Base URL is not the API', async (mode) => {
		echo.mode = mode;
		expect(await check({ baseUrl: echo.url, apiKey: KEY })).toMatch(/^The Base URL answered, but not like the billing platform API.*API prefix/);
	});
});
