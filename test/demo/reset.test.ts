import { useAccount } from '../kits/account';
import { jsonOf, OTHER_KEY } from '../harness/nodeRunner';
const { node, state, run } = useAccount();

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
