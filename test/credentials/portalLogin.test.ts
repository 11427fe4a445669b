import { PORTAL, SANDBOX_LOGIN } from '../kits/account';
import { takeViolations } from '../conformance/guard';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { DEMO_KEY } from '../harness/nodeRunner';
import { closedAddress, ECHO_MODES, leaks, startEchoServer } from '../harness/leaks';
import { credentialVerdict } from './tester';

describe('Portal Login credential test', () => {
	let sim: Simulator;
	beforeEach(async () => {
		sim = await startSimulator();
	});
	afterEach(async () => {
		await sim.close();
	});
	const check = async (login: { username: string; password: string }, baseUrl = sim.url) =>
		(await credentialVerdict(PORTAL, { baseUrl, ...login })).message;

	test('a working login passes with one request', async () => {
		expect(await check(SANDBOX_LOGIN)).toBe('Connection successful!');
		expect(sim.requests).toEqual([
			{
				method: 'GET',
				url: `/get-key/sandbox/${SANDBOX_LOGIN.password}`,
				headers: expect.any(Object),
			},
		]);
	});

	test('a wrong password, a user no key allows, and a Base URL without the API prefix each say so', async () => {
		expect(await check({ ...SANDBOX_LOGIN, password: 'not-the-password' })).toMatch(
			/^The platform answered "invalid username or password"/,
		);
		sim.state.keys.get(DEMO_KEY)!.data.allowedusersandbox = 'no';
		expect(await check(SANDBOX_LOGIN)).toMatch(/^The login works but no API key allows this user/);
		expect(await check(SANDBOX_LOGIN, `${sim.url}/nope`)).toMatch(
			/check the Base URL \(including its API prefix\)/,
		);
		// The misconfigured Base URL is the point: the platform sees a path no endpoint has.
		expect(takeViolations().map((v) => v.problem)).toEqual(['is not an endpoint of the spec']);
	});

	test('no answer, or no valid Base URL: a sentence saying what to check', async () => {
		const closed = await closedAddress();
		expect(await check(SANDBOX_LOGIN, closed)).toBe(
			`Nothing answers at ${closed}: check the Base URL (host and port) and that the platform is running`,
		);
		expect(await check(SANDBOX_LOGIN, 'localhost:8787')).toMatch(
			/^The Base URL must start with http:\/\/ or https:\/\//,
		);
		expect(await check(SANDBOX_LOGIN, 'billing example')).toMatch(
			/^The Base URL is not a valid URL/,
		);
	});

	test('against servers echoing the path, no verdict shows the password', async () => {
		const echo = await startEchoServer();
		const password = 'p@ss/w?rd#1 x';
		try {
			for (const mode of [...ECHO_MODES, 'html200' as const]) {
				echo.mode = mode;
				const message = await check({ username: 'sandbox', password }, echo.url);
				expect(message).not.toBe('Connection successful!');
				expect(leaks(message, [password, encodeURIComponent(password), 'p@ss', 'p%40ss'])).toEqual(
					[],
				);
			}
		} finally {
			await echo.close();
		}
	});
});
