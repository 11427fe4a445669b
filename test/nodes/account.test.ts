import { TelcoBillingAccount } from '../../nodes/TelcoBillingAccount/TelcoBillingAccount.node';
import type { RunResult } from '../harness/engine';
import { DEMO_KEY, jsonOf, OTHER_KEY, useNode } from '../helpers';
import seed from '../simulator/seed.json';

// The seeded portal user's login, read from the seed rather than written here.
const SANDBOX_LOGIN = { username: seed.portalUsers[0].username, password: seed.portalUsers[0].password };

const node = useNode(new TelcoBillingAccount());
const state = () => node.sim().state;
const run = (operation: string, parameters: Record<string, unknown> = {}, options = {}) =>
	node.run({ resource: operation === 'reset' ? 'demo' : 'account', operation, ...parameters } as never, options);

function everything(result: RunResult): string {
	return JSON.stringify([result.items, result.error?.message, result.error?.description, result.error?.context, result.run.data.resultData.runData['Telco Billing']?.[0]?.data]);
}

describe('Verify Portal Login', () => {
	test('a portal user’s login works and its key is this credential’s; the key itself never enters execution data', async () => {
		const result = await run('verifyLogin', SANDBOX_LOGIN);
		expect(jsonOf(result)).toEqual([{ success: true, username: 'sandbox', key_matches_credential: true, key_hint: '…0001' }]);
		expect(everything(result)).not.toContain(DEMO_KEY);
		// No key in the path: the portal login is one of the spec's unauthenticated endpoints.
		expect(node.sim().requests).toEqual([{ method: 'GET', url: `/get-key/sandbox/${SANDBOX_LOGIN.password}` }]);
	});

	test('a login for another department’s key says so', async () => {
		const result = await run('verifyLogin', SANDBOX_LOGIN, { apiKey: OTHER_KEY });
		expect(jsonOf(result)[0]).toMatchObject({ key_matches_credential: false });
	});

	test('a wrong password is the platform’s error, without the password in it', async () => {
		const result = await run('verifyLogin', { ...SANDBOX_LOGIN, password: `${SANDBOX_LOGIN.password}-wrong` }, { continueOnFail: true });
		expect(jsonOf(result)).toEqual([{ error: 'invalid username or password' }]);
	});

	test('a password with URL characters is encoded, and an error page echoing the path does not show it', async () => {
		state().portalUsers[0].password = 'p@ss/w?rd#1 x';
		expect(jsonOf(await run('verifyLogin', { username: 'sandbox', password: 'p@ss/w?rd#1 x' }))[0]).toMatchObject({ success: true });
		expect(node.sim().requests[0].url).toBe(`/get-key/sandbox/${encodeURIComponent('p@ss/w?rd#1 x')}`);
		node.sim().faults.push('http500');
		const failed = await run('verifyLogin', { username: 'sandbox', password: 'p@ss/w?rd#1 x' });
		expect(failed.error?.message).toContain('/get-key/sandbox/***');
		expect(everything(failed)).not.toContain(encodeURIComponent('p@ss/w?rd#1 x'));
	});
});

describe('Password reset', () => {
	test('Request always answers the same, and only an existing account gets an email', async () => {
		const known = await run('requestReset', { username: 'sandbox' });
		const unknown = await run('requestReset', { username: 'nobody-at-all' });
		expect(jsonOf(known)).toEqual(jsonOf(unknown));
		expect(jsonOf(known)).toEqual([{ success: true, message: 'If the account exists, a password reset email has been sent.' }]);
		expect(state().mailbox.map((m) => m.to)).toEqual([['sandbox.portal@telco-billing.example']]);
	});

	test('Confirm with the emailed token resets the password once; the token then no longer works', async () => {
		await run('requestReset', { username: 'sandbox.portal@telco-billing.example' });
		const token = /token: ([0-9a-f]{64})/.exec(state().mailbox[0].message)![1];
		const reset = await run('confirmReset', { token, password: 'brand-new-pass', password_confirm: 'brand-new-pass' });
		expect(jsonOf(reset)).toEqual([{ success: true, message: 'Your password has been reset.' }]);
		expect(state().portalUsers[0].password).toBe('brand-new-pass');
		const again = await run('confirmReset', { token, password: 'another-pass-1', password_confirm: 'another-pass-1' }, { continueOnFail: true });
		expect(jsonOf(again)).toEqual([{ error: 'The password reset link is invalid or has expired.' }]);
		expect(everything(again)).not.toContain(token);
		expect(everything(again)).not.toContain('another-pass-1');
	});

	test.each([
		[{ token: 'ABC', password: 'longenough', password_confirm: 'longenough' }, 'Reset Token (token) must be the 64 lowercase hexadecimal characters of the reset email'],
		[{ token: 'a'.repeat(64), password: 'short', password_confirm: 'short' }, 'New Password (password) must be at least 8 characters'],
		[{ token: 'a'.repeat(64), password: 'longenough', password_confirm: 'different1' }, 'Confirm New Password (password_confirm) must equal New Password'],
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
		expect(result.error?.message).toBe('Confirm Reset (confirmReset) must be on: this deletes the department’s data and cannot be undone');
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
		const result = await run('reset', { confirmReset: true }, { apiKey: OTHER_KEY, continueOnFail: true });
		expect(jsonOf(result)).toEqual([{ error: 'Not Available' }]);
		expect(state().customers.filter((c) => c.deptid === 2).length).toBeGreaterThan(0);
	});
});
