import { useAccount } from '../kits/account';
import { jsonOf } from '../harness/nodeRunner';
const { state, run } = useAccount();

describe('Password reset', () => {
	test('Request always answers the same, and only an existing account gets an email', async () => {
		const known = await run('requestReset', { username: 'sandbox' });
		const unknown = await run('requestReset', { username: 'nobody-at-all' });
		expect(jsonOf(known)).toEqual(jsonOf(unknown));
		expect(jsonOf(known)).toEqual([
			{ success: true, message: 'If the account exists, a password reset email has been sent.' },
		]);
		expect(state().mailbox.map((m) => m.to)).toEqual([['sandbox.portal@telco-billing.example']]);
	});
});
