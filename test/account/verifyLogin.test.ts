import { everything, PORTAL, SANDBOX_LOGIN, useAccount } from '../kits/account';
import { NodeHelpers } from 'n8n-workflow';
import { TelcoBillingAccount } from '../../nodes/TelcoBillingAccount/TelcoBillingAccount.node';
import { DEMO_KEY, jsonOf, OTHER_KEY } from '../harness/nodeRunner';
import { leaks } from '../harness/leaks';
const { node, state, verify } = useAccount();

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
			{
				valid: true,
				success: true,
				username: 'sandbox',
				key_matches_credential: true,
				key_hint: '…0001',
			},
		]);
		expect(everything(result)).not.toContain(DEMO_KEY);
		expect(leaks(result.run, [SANDBOX_LOGIN.password])).toEqual([]);
		// No key in the path: the portal login is one of the spec's unauthenticated endpoints.
		expect(node.sim().requests).toEqual([
			{
				method: 'GET',
				url: `/get-key/sandbox/${SANDBOX_LOGIN.password}`,
				headers: expect.any(Object),
			},
		]);
	});

	test('a login for another department’s key says so', async () => {
		const result = await verify(SANDBOX_LOGIN, { apiKey: OTHER_KEY });
		expect(jsonOf(result)[0]).toMatchObject({ key_matches_credential: false });
	});

	test('a wrong password is an item with the platform’s words, without the password in it', async () => {
		const wrong = { ...SANDBOX_LOGIN, password: `${SANDBOX_LOGIN.password}-wrong` };
		const result = await verify(wrong);
		expect(jsonOf(result)).toEqual([
			{ valid: false, username: 'sandbox', reason: 'invalid username or password' },
		]);
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
