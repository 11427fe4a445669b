import { everything, PORTAL, SANDBOX_LOGIN, useAccount } from '../kits/account';
import { NodeHelpers } from 'n8n-workflow';
import { takeViolations } from '../conformance/guard';
import { TelcoBillingPortalLoginApi } from '../../credentials/TelcoBillingPortalLoginApi.credentials';
import { TelcoBillingAccount } from '../../nodes/TelcoBillingAccount/TelcoBillingAccount.node';
import { testRequestNode, verdict } from '../harness/credentialTest';
import { DEMO_KEY, jsonOf, OTHER_KEY, useNode } from '../harness/nodeRunner';
import { ECHO_MODES, leaks, startEchoServer } from '../harness/leaks';

const { node, state, run, verify } = useAccount();

describe('Verify Portal Login', () => {
	test('takes the login from the Portal Login credential: no node parameter holds a password', () => {
		const { description } = new TelcoBillingAccount();
		const shownFor = (operation: string) =>
			description.properties.filter(
				(p) =>
					!p.displayOptions?.show?.operation || p.displayOptions.show.operation.includes(operation),
			);
		expect(
			shownFor('verifyLogin').filter((p) => p.typeOptions?.password || /password/i.test(p.name)),
		).toEqual([]);
		// Which credentials the editor asks for, by n8n's own display rules, for each operation.
		const asked = (resource: string, operation: string) => {
			const parameters =
				NodeHelpers.getNodeParameters(
					description.properties,
					{ resource, operation },
					true,
					false,
					null,
					description,
				) ?? {};
			return (description.credentials ?? [])
				.filter((credential) =>
					NodeHelpers.displayParameter(parameters, credential, null, description),
				)
				.map((credential) => [credential.name, credential.required]);
		};
		expect(asked('account', 'verifyLogin')).toEqual([
			[PORTAL, true],
			['telcoBillingApi', true],
		]);
		expect(asked('account', 'requestReset')).toEqual([['telcoBillingApi', true]]);
		expect(asked('demo', 'reset')).toEqual([['telcoBillingApi', true]]);
	});

	test('a portal user’s login works and its key is this credential’s; neither the key nor the password enters execution data', async () => {
		const result = await verify();
		expect(jsonOf(result)).toEqual([
			{ success: true, username: 'sandbox', key_matches_credential: true, key_hint: '…0001' },
		]);
		expect(everything(result)).not.toContain(DEMO_KEY);
		expect(leaks(result.run, [SANDBOX_LOGIN.password])).toEqual([]);
		// No key in the path: the portal login is one of the spec's unauthenticated endpoints.
		expect(node.sim().requests).toEqual([
			{ method: 'GET', url: `/get-key/sandbox/${SANDBOX_LOGIN.password}` },
		]);
	});

	test('a login for another department’s key says so', async () => {
		const result = await verify(SANDBOX_LOGIN, { apiKey: OTHER_KEY });
		expect(jsonOf(result)[0]).toMatchObject({ key_matches_credential: false });
	});

	test('a wrong password is the platform’s error, without the password in it', async () => {
		const wrong = { ...SANDBOX_LOGIN, password: `${SANDBOX_LOGIN.password}-wrong` };
		const result = await verify(wrong, { continueOnFail: true });
		expect(jsonOf(result)).toEqual([{ error: 'invalid username or password' }]);
		expect(leaks(result.run, [wrong.password])).toEqual([]);
	});

	test('a password with URL characters is encoded, and an error page echoing the path does not show it', async () => {
		const password = 'p@ss/w?rd#1 x';
		state().portalUsers[0].password = password;
		expect(jsonOf(await verify({ username: 'sandbox', password }))[0]).toMatchObject({
			success: true,
		});
		expect(node.sim().requests[0].url).toBe(`/get-key/sandbox/${encodeURIComponent(password)}`);
		node.sim().faults.push('http500');
		const failed = await verify({ username: 'sandbox', password });
		expect(failed.error?.message).toContain('/get-key/sandbox/***');
		expect(
			leaks([failed.run, failed.error], [password, encodeURIComponent(password), 'p@ss', 'p%40ss']),
		).toEqual([]);
	});
});

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

describe('Password reset', () => {
	test('the token and new password fields say n8n stores them unencrypted, and how to pass them safely', () => {
		const fields = new TelcoBillingAccount().description.properties.filter((p) =>
			p.displayOptions?.show?.operation?.includes('confirmReset'),
		);
		for (const name of ['token', 'password']) {
			const { description } = fields.find((p) => p.name === name)!;
			expect(description).toMatch(/n8n stores node parameters.*unencrypted/);
			expect(description).toMatch(/by expression/);
			expect(description).toMatch(/turn off saving execution data/);
		}
	});

	test('Request always answers the same, and only an existing account gets an email', async () => {
		const known = await run('requestReset', { username: 'sandbox' });
		const unknown = await run('requestReset', { username: 'nobody-at-all' });
		expect(jsonOf(known)).toEqual(jsonOf(unknown));
		expect(jsonOf(known)).toEqual([
			{ success: true, message: 'If the account exists, a password reset email has been sent.' },
		]);
		expect(state().mailbox.map((m) => m.to)).toEqual([['sandbox.portal@telco-billing.example']]);
	});

	test('Confirm with the emailed token resets the password once; the token then no longer works', async () => {
		await run('requestReset', { username: 'sandbox.portal@telco-billing.example' });
		const token = /token: ([0-9a-f]{64})/.exec(state().mailbox[0].message)![1];
		const reset = await run('confirmReset', {
			token,
			password: 'brand-new-pass',
			password_confirm: 'brand-new-pass',
		});
		expect(jsonOf(reset)).toEqual([{ success: true, message: 'Your password has been reset.' }]);
		expect(state().portalUsers[0].password).toBe('brand-new-pass');
		const again = await run(
			'confirmReset',
			{ token, password: 'another-pass-1', password_confirm: 'another-pass-1' },
			{ continueOnFail: true },
		);
		expect(jsonOf(again)).toEqual([
			{ error: 'The password reset link is invalid or has expired.' },
		]);
		expect(everything(again)).not.toContain(token);
		expect(everything(again)).not.toContain('another-pass-1');
	});

	test.each([
		[
			{ token: 'ABC', password: 'longenough', password_confirm: 'longenough' },
			'Reset Token (token) must be the 64 lowercase hexadecimal characters of the reset email',
		],
		[
			{ token: 'a'.repeat(64), password: 'short', password_confirm: 'short' },
			'New Password (password) must be at least 8 characters',
		],
		[
			{ token: 'a'.repeat(64), password: 'longenough', password_confirm: 'different1' },
			'Confirm New Password (password_confirm) must equal New Password',
		],
	])('%j is refused before any request, without echoing secrets', async (parameters, message) => {
		const result = await run('confirmReset', parameters);
		expect(result.error?.message).toBe(message);
		expect(node.sim().requests).toEqual([]);
		expect(everything(result)).not.toContain('longenough');
	});
});

describe('Demo Database: Reset', () => {
	test('needs the confirmation switch, before any request', async () => {
		const result = await run('reset');
		expect(result.error?.message).toBe(
			'Confirm Reset (confirmReset) must be on: this deletes the department’s data and ' +
				'cannot be undone',
		);
		expect(node.sim().requests).toEqual([]);
	});

	test('clears the department’s data where the department is enabled for reset, and only its own', async () => {
		const result = await run('reset', { confirmReset: true });
		expect(jsonOf(result)).toEqual([{ success: true, description: 'Demo Database Reset' }]);
		expect(state().customers.filter((c) => c.deptid === 1)).toEqual([]);
		expect(state().services.filter((s) => s.deptid === 1)).toEqual([]);
		expect(state().customers.filter((c) => c.deptid === 2).length).toBeGreaterThan(0);
	});

	test('a production department answers Not Available', async () => {
		const result = await run(
			'reset',
			{ confirmReset: true },
			{ apiKey: OTHER_KEY, continueOnFail: true },
		);
		expect(jsonOf(result)).toEqual([{ error: 'Not Available' }]);
		expect(state().customers.filter((c) => c.deptid === 2).length).toBeGreaterThan(0);
	});
});
