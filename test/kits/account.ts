import { TelcoBillingAccount } from '../../nodes/TelcoBillingAccount/TelcoBillingAccount.node';
import type { RunResult } from '../harness/engine';
import { useNode } from '../harness/nodeRunner';
import seed from '../simulator/seed.json';

// The seeded portal user's login, read from the seed rather than written here.
export const SANDBOX_LOGIN = {
	username: seed.portalUsers[0].username,
	password: seed.portalUsers[0].password,
};

export const PORTAL = 'telcoBillingPortalLoginApi';

/** Everything a run shows a user: items, the error and what n8n stores of the node's run. */
export function everything(result: RunResult): string {
	return JSON.stringify([
		result.items,
		result.error?.message,
		result.error?.description,
		result.error?.context,
		result.run.data.resultData.runData['Telco Billing']?.[0]?.data,
	]);
}

/** The Account node against a fresh simulator per test, with its Portal Login credential. */
export function useAccount() {
	const node = useNode(new TelcoBillingAccount());
	const state = () => node.sim().state;
	const run = (
		operation: string,
		parameters: Record<string, unknown> = {},
		options: Parameters<typeof node.run>[1] = {},
	) =>
		node.run(
			{ resource: operation === 'reset' ? 'demo' : 'account', operation, ...parameters } as never,
			options,
		);
	const portalLogin = (login: { username: string; password: string }) => ({
		[PORTAL]: { baseUrl: node.sim().url, ...login },
	});
	const verify = (login = SANDBOX_LOGIN, options: Record<string, unknown> = {}) =>
		run('verifyLogin', {}, { ...options, otherCredentials: portalLogin(login) });
	return { node, state, run, portalLogin, verify };
}
