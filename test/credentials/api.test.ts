import { TelcoBillingApi } from '../../credentials/TelcoBillingApi.credentials';
import { takeViolations } from '../conformance/guard';
import { testRequestNode, verdict } from '../harness/credentialTest';
import { useNode } from '../harness/nodeRunner';
import { closedAddress, ECHO_MODES, KEY, leaks, startEchoServer } from '../harness/leaks';
import type { EchoServer } from '../harness/leaks';
const credential = new TelcoBillingApi();
const node = useNode(testRequestNode(credential.test, credential.name));
const check = async (options: { apiKey?: string; baseUrl?: string } = {}) =>
	verdict(credential.test, await node.run({}, options));

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
	expect(await check({ baseUrl: `${node.sim().url}/nope` })).toMatch(
		/check the Base URL \(including its API prefix\)/,
	);
	// The misconfigured Base URL is the point: the platform sees a path no endpoint has.
	expect(takeViolations().map((v) => v.problem)).toEqual(['is not an endpoint of the spec']);
});

test('a host that does not answer: n8n says the connection was refused', async () => {
	expect(await check({ baseUrl: await closedAddress() })).toBe(
		'The service refused the connection - perhaps it is offline',
	);
});

describe('against a server echoing the path (key included)', () => {
	let echo: EchoServer;
	beforeAll(async () => {
		echo = await startEchoServer();
	});
	afterAll(async () => {
		await echo.close();
	});

	test.each([...ECHO_MODES, 'html200' as const])(
		'%s: the verdict is an error without the key',
		async (mode) => {
			echo.mode = mode;
			const message = await check({ baseUrl: echo.url, apiKey: KEY });
			expect(message).not.toBe('Connection successful!');
			expect(leaks(message)).toEqual([]);
		},
	);

	test.each(['html200', 'html403', 'text500', 'long502'] as const)(
		'%s (not the platform answering): says the Base URL is not the API',
		async (mode) => {
			echo.mode = mode;
			expect(await check({ baseUrl: echo.url, apiKey: KEY })).toMatch(
				/^The Base URL answered, but not like the billing platform API.*API prefix/,
			);
		},
	);
});
