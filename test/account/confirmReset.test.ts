import { everything, useAccount } from '../kits/account';
import { TelcoBillingAccount } from '../../nodes/TelcoBillingAccount/TelcoBillingAccount.node';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, run } = useAccount();

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
