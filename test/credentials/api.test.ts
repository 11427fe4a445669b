import { TelcoBillingApi } from '../../credentials/TelcoBillingApi.credentials';
import { TelcoBillingPortalLoginApi } from '../../credentials/TelcoBillingPortalLoginApi.credentials';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { takeViolations } from '../conformance/guard';
import { DEMO_KEY } from '../harness/nodeRunner';
import { closedAddress, ECHO_MODES, KEY, leaks, startEchoServer } from '../harness/leaks';
import type { EchoServer } from '../harness/leaks';
import { credentialVerdict, testFunctionOf } from './tester';

const API = new TelcoBillingApi().name;
let sim: Simulator;
beforeEach(async () => {
	sim = await startSimulator();
});
afterEach(async () => {
	await sim.close();
});
const check = async (options: { apiKey?: string; baseUrl?: string } = {}) =>
	(await credentialVerdict(API, { baseUrl: sim.url, apiKey: DEMO_KEY, ...options })).message;

test('n8n finds a Test function for both credentials, and no declarative test hides it', () => {
	expect(testFunctionOf(API)).toBeInstanceOf(Function);
	expect(testFunctionOf(new TelcoBillingPortalLoginApi().name)).toBeInstanceOf(Function);
	expect(new TelcoBillingApi()).not.toHaveProperty('test');
	expect(new TelcoBillingPortalLoginApi()).not.toHaveProperty('test');
});

test('a good key passes the credential test with one cheap request', async () => {
	expect(await credentialVerdict(API, { baseUrl: sim.url, apiKey: DEMO_KEY })).toEqual({
		status: 'OK',
		message: 'Connection successful!',
	});
	expect(sim.requests).toEqual([
		{ method: 'GET', url: '/demo-key-0001/cdr/status', headers: expect.any(Object) },
	]);
});

test('an unknown key fails on the HTTP-200 `invalid key` body', async () => {
	expect(await check({ apiKey: 'wrong-key' })).toMatch(
		/^The platform answered "invalid key": check the API key/,
	);
});

test('a base URL with a trailing slash or spaces still works', async () => {
	expect(await check({ baseUrl: ` ${sim.url}/ ` })).toBe('Connection successful!');
	expect(sim.requests[0].url).toBe('/demo-key-0001/cdr/status');
});

test('a Base URL without the API prefix (the platform answers 404): says to check the prefix', async () => {
	expect(await check({ baseUrl: `${sim.url}/nope` })).toMatch(
		/check the Base URL \(including its API prefix\)/,
	);
	// The misconfigured Base URL is the point: the platform sees a path no endpoint has.
	expect(takeViolations().map((v) => v.problem)).toEqual(['is not an endpoint of the spec']);
});

describe('a request that gets no answer is told in a sentence, never as a code', () => {
	const RAW_CODE = /\b(E[A-Z_]{4,}|ERR_[A-Z_]+)\b/;

	test('nothing listening: names the address and says what to check', async () => {
		const base = await closedAddress();
		const message = await check({ baseUrl: base });
		expect(message).toBe(
			`Nothing answers at ${base}: check the Base URL (host and port) and that the platform is running`,
		);
	});

	test.each([
		[
			'billing.example.com/api',
			/^The Base URL is not a valid URL: "billing.example.com\/api"\. .*https:\/\//,
		],
		['not a url', /^The Base URL is not a valid URL: "not a url"/],
		[
			'ftp://billing.example.com/api',
			/^The Base URL must start with http:\/\/ or https:\/\/ \(it starts with ftp:\/\/\)/,
		],
		['', /^The Base URL is empty: enter the platform API's address/],
	])(
		'Base URL %j: says what is wrong with it, before sending anything',
		async (baseUrl, expected) => {
			const message = await check({ baseUrl });
			expect(message).toMatch(expected);
			expect(message).not.toMatch(RAW_CODE);
			expect(sim.requests).toEqual([]);
		},
	);

	test('an unknown host: names the host', async () => {
		const message = await check({ baseUrl: 'http://no-such-host.invalid/api' });
		expect(message).toMatch(
			/^The host "no-such-host.invalid" of the Base URL cannot be found: check its spelling/,
		);
	});

	test('https to a server speaking http: says to try http://', async () => {
		// By name: TLS names no server by IP address (RFC 6066), and Node warns when asked to.
		const base = sim.url.replace('http://127.0.0.1', 'https://localhost');
		expect(await check({ baseUrl: base })).toBe(
			`${base} does not answer HTTPS: check whether the Base URL should start with http:// instead`,
		);
	});

	test('a Base URL carrying a user and password shows neither', async () => {
		const base = await closedAddress();
		const message = await check({ baseUrl: base.replace('http://', 'http://admin:s3cret@') });
		expect(message).toMatch(/^Nothing answers at http:\/\/127\.0\.0\.1/);
		expect(message).not.toMatch(/admin|s3cret/);
	});
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

	test('a connection dropped without an answer: says so in a sentence', async () => {
		echo.mode = 'drop';
		expect(await check({ baseUrl: echo.url, apiKey: KEY })).toBe(
			`${echo.url} closed the connection without answering: check the Base URL (http or https, host and ` +
				'port) and that the platform is running',
		);
	});
});
