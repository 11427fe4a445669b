import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingAccount } from '../../nodes/TelcoBillingAccount/TelcoBillingAccount.node';
import { jsonOf, useNode } from '../harness/nodeRunner';
import { leaks } from '../harness/leaks';
import seed from '../simulator/seed.json';

const SANDBOX = { username: seed.portalUsers[0].username, password: seed.portalUsers[0].password };
const PORTAL = 'telcoBillingPortalLoginApi';
const node = useNode(new TelcoBillingAccount());
const verify = (
	login: { username: string; password: string },
	options: { continueOnFail?: boolean; input?: IDataObject[] } = {},
) =>
	node.run(
		{ resource: 'account', operation: 'verifyLogin' },
		{ ...options, otherCredentials: { [PORTAL]: { baseUrl: node.sim().url, ...login } } },
	);

// Verify Portal Login exists to tell whether a login works: a login the platform turns down is an answer
// to branch on (an IF on `valid`), not a failed node.
describe('a login the platform turns down is an item, in the platform’s words', () => {
	test('a wrong password: valid false, with the reason; the password is nowhere in the run', async () => {
		const wrong = { ...SANDBOX, password: `${SANDBOX.password}-typo` };
		const result = await verify(wrong, { input: [{ n: 1 }, { n: 2 }] });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{ valid: false, username: SANDBOX.username, reason: 'invalid username or password' },
			{ valid: false, username: SANDBOX.username, reason: 'invalid username or password' },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(leaks(result.run, [wrong.password, SANDBOX.password])).toEqual([]);
	});

	test('an unknown user and a user allowed on no key are answers too', async () => {
		expect(jsonOf(await verify({ username: 'nobody', password: 'whatever-1' }))).toEqual([
			{ valid: false, username: 'nobody', reason: 'invalid username or password' },
		]);
		// A portal user whose name no key allows (alloweduser<name>).
		const users = node.sim().state.portalUsers;
		users.push({ ...users[0], username: 'drifter' });
		expect(jsonOf(await verify({ username: 'drifter', password: SANDBOX.password }))).toEqual([
			{ valid: false, username: 'drifter', reason: 'user is not allowed on any key' },
		]);
	});

	test('a working login: valid true, beside what it said before', async () => {
		expect(jsonOf(await verify(SANDBOX))[0]).toMatchObject({ valid: true, success: true });
	});
});

describe('anything else still fails the node', () => {
	test('the platform failing (HTTP 500), without the password in the error', async () => {
		node.sim().faults.push('http500');
		const result = await verify(SANDBOX);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(/^HTTP 500 from the billing platform/);
		expect(leaks([result.run, result.error], [SANDBOX.password])).toEqual([]);
	});

	test('the platform refusing the key', async () => {
		node.sim().faults.push('invalidKey');
		const result = await verify(SANDBOX);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(
			/^The platform answered "invalid key": check the API key/,
		);
	});

	test('no platform at the Base URL', async () => {
		const result = await node.run(
			{ resource: 'account', operation: 'verifyLogin' },
			{ otherCredentials: { [PORTAL]: { baseUrl: 'http://127.0.0.1:9', ...SANDBOX } } },
		);
		expect(result.error?.message).toMatch(/^Could not connect to the billing platform/);
		expect(leaks([result.run, result.error], [SANDBOX.password])).toEqual([]);
	});
});
