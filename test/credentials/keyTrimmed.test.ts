import { TelcoBillingAccount } from '../../nodes/TelcoBillingAccount/TelcoBillingAccount.node';
import { TelcoBillingCatalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { TelcoBillingTrigger } from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node';
import { loadNodeOptions, PollingTrigger, runNode, shutdownEngine } from '../harness/engine';
import { balanceRun } from '../harness/balanceRun';
import { leaks } from '../harness/leaks';
import { DEMO_KEY } from '../harness/nodeRunner';
import { PORTAL, SANDBOX_LOGIN } from '../kits/account';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { credentialVerdict } from './tester';

/*
 * A key pasted with spaces, a tab or a line break around it (copied from an email or a spreadsheet cell) is the
 * key: every request through the credential sends it trimmed, and every error keeps the trimmed key out too.
 */

afterAll(async () => await shutdownEngine());

let sim: Simulator;
beforeEach(async () => {
	sim = await startSimulator();
});
afterEach(async () => await sim.close());

const PASTED = ` \t${DEMO_KEY}\n `;

const balance = async (apiKey: string) => await balanceRun({ baseUrl: sim.url, apiKey });

test('a node run sends the key trimmed', async () => {
	const result = await balance(PASTED);
	expect(result.error).toBeUndefined();
	expect(sim.requests.map(({ url }) => url)).toEqual([`/${DEMO_KEY}/customer/balance/1001`]);
});

test('the credential test takes it', async () => {
	expect(await credentialVerdict('telcoBillingApi', { baseUrl: sim.url, apiKey: PASTED })).toEqual({
		status: 'OK',
		message: 'Connection successful!',
	});
	expect(sim.requests.map(({ url }) => url)).toEqual([`/${DEMO_KEY}/cdr/status`]);
});

test('dropdowns and the trigger take it', async () => {
	const credentials = { baseUrl: sim.url, apiKey: PASTED };
	const options = await loadNodeOptions({
		nodeType: new TelcoBillingCatalog(),
		method: 'loadOptions.getServiceTypes',
		parameters: {},
		credentials,
	});
	expect(options).not.toEqual([]);
	await new PollingTrigger(
		new TelcoBillingTrigger(),
		{ events: ['cdrsImported'] },
		credentials,
	).poll();
	expect(sim.requests.map(({ url }) => url.split('/')[1])).toEqual([DEMO_KEY, DEMO_KEY]);
});

test('Verify Portal Login finds the portal user’s key is the credential’s', async () => {
	const result = await runNode({
		nodeType: new TelcoBillingAccount(),
		parameters: { resource: 'account', operation: 'verifyLogin' },
		input: [{}],
		credentials: { baseUrl: sim.url, apiKey: PASTED },
		otherCredentials: { [PORTAL]: { baseUrl: sim.url, ...SANDBOX_LOGIN } },
	});
	expect(result.items[0].json).toMatchObject({ success: true, key_matches_credential: true });
});

test('an error page echoing the path keeps the trimmed key out, however short the key', async () => {
	const key = 'k3y-42';
	sim.state.keys.set(key, { ...sim.state.keys.get(DEMO_KEY)!, key });
	sim.faults.push('http500');
	const result = await balance(`  ${key}  `);
	expect(result.error?.message).toContain('/***/customer/balance/1001');
	expect(leaks([result.error, result.run], [key])).toEqual([]);
});
