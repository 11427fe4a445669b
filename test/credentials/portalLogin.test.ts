import { PORTAL, SANDBOX_LOGIN } from '../kits/account';
import { takeViolations } from '../conformance/guard';
import { TelcoBillingPortalLoginApi } from '../../credentials/TelcoBillingPortalLoginApi.credentials';
import { testRequestNode, verdict } from '../harness/credentialTest';
import { DEMO_KEY, useNode } from '../harness/nodeRunner';
import { ECHO_MODES, leaks, startEchoServer } from '../harness/leaks';

describe('Portal Login credential test', () => {
	const credential = new TelcoBillingPortalLoginApi();
	const tester = useNode(testRequestNode(credential.test, credential.name));
	const check = async (login: { username: string; password: string }, baseUrl = tester.sim().url) =>
		verdict(
			credential.test,
			await tester.run({}, { otherCredentials: { [PORTAL]: { baseUrl, ...login } } }),
		);

	test('a working login passes with one request', async () => {
		expect(await check(SANDBOX_LOGIN)).toBe('Connection successful!');
		expect(tester.sim().requests).toEqual([
			{ method: 'GET', url: `/get-key/sandbox/${SANDBOX_LOGIN.password}` },
		]);
	});

	test('a wrong password, a user no key allows, and a Base URL without the API prefix each say so', async () => {
		expect(await check({ ...SANDBOX_LOGIN, password: 'not-the-password' })).toMatch(
			/^The platform answered "invalid username or password"/,
		);
		tester.sim().state.keys.get(DEMO_KEY)!.data.allowedusersandbox = 'no';
		expect(await check(SANDBOX_LOGIN)).toMatch(/^The login works but no API key allows this user/);
		expect(await check(SANDBOX_LOGIN, `${tester.sim().url}/nope`)).toMatch(
			/check the Base URL \(including its API prefix\)/,
		);
		// The misconfigured Base URL is the point: the platform sees a path no endpoint has.
		expect(takeViolations().map((v) => v.problem)).toEqual(['is not an endpoint of the spec']);
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
