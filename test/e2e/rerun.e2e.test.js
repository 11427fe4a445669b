// n8n's own re-runs of a node, in a real n8n: Retry On Fail (n8n calls the node again after it fails) and a
// failed execution retried from the executions list (REST API, as the editor's Retry button). Two payments, the
// second refused by the platform once (a one-shot fault the simulator serves): each customer is charged exactly
// once, whatever n8n runs again. What lets the node tell is kept in the execution's data (the node's context),
// so this proves n8n keeps and hands it back: in the same process for Retry On Fail, through its database for a
// retried execution, on each line tested.
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { ensureN8n, n8nCliAsync, n8nEnv, n8nSpawn, requestedVersion } = require('../sandbox/n8n.js');
const { n8nRest, FINISHED_EXECUTION } = require('../sandbox/n8nRest.js');
const { freePort, waitUntil } = require('../sandbox/waiting.js');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');

const VERSION = requestedVersion([]);
const KEY = 'demo-key-0001';
const OWNER = {
	email: 'rerun@telco-billing.example',
	firstName: 'Re',
	lastName: 'Run',
	password: 'Rerun-e2e-2026',
};
const CREDENTIAL = { id: 'telcoRerun', name: 'Telco Billing (re-run test)' };

let n8n;
let simulator;
let simulatorUrl;
let folder;

/** Manual Trigger → two payment rows → Take Payment, with the node settings given. */
function paymentWorkflow(id, settings) {
	return {
		id,
		name: `Re-runs: ${id}`,
		active: false,
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'rows',
				name: 'Rows',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [200, 0],
				parameters: {
					jsCode:
						"return [{ json: { cid: '1001', amount: 7 } }, { json: { cid: '1004', amount: 8 } }];",
				},
			},
			{
				id: 'pay',
				name: 'Take Payment',
				type: 'CUSTOM.telcoBillingCustomer',
				typeVersion: 1,
				position: [400, 0],
				parameters: {
					resource: 'customer',
					operation: 'takePayment',
					cid: { __rl: true, mode: 'id', value: '={{ $json.cid }}' },
					amount: '={{ $json.amount }}',
					pay_with: 'card_on_file',
				},
				credentials: { telcoBillingApi: CREDENTIAL },
				...settings,
			},
		],
		connections: {
			Start: { main: [[{ node: 'Rows', type: 'main', index: 0 }]] },
			Rows: { main: [[{ node: 'Take Payment', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

async function simulatorGet(path) {
	return await (await fetch(`${simulatorUrl}${path}`)).json();
}

async function simulatorPost(path, body) {
	const response = await fetch(`${simulatorUrl}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	return await response.json();
}

/** The test's payments (7 and 8 dollars) by customer. */
async function paymentsOf() {
	const { records } = await simulatorGet('/__simulator/state/payments');
	const made = records.filter((payment) => payment.amount === 7 || payment.amount === 8);
	return {
		1001: made.filter((payment) => payment.cid === 1001).length,
		1004: made.filter((payment) => payment.cid === 1004).length,
	};
}

/**
 * The second payment refused once by the platform: the two customers are proven first (two reads), then the
 * first payment passes and the second meets an error_code answer.
 */
async function refuseSecondPaymentOnce() {
	await simulatorPost('/__simulator/fault', { error_code: 'gateway_declined', after: 3 });
}

const line = `n8n ${VERSION}`;

describe(`${line}: n8n's re-runs never charge twice`, () => {
	let env;

	beforeAll(async () => {
		n8n = await ensureN8n({ version: VERSION, log: (text) => process.stderr.write(`${text}\n`) });
		const sim = await spawnSimulator(ON_FREE_PORTS);
		simulator = sim.child;
		simulatorUrl = sim.url;
		folder = mkdtempSync(join(tmpdir(), 'n8n-telco-rerun-'));
		env = n8nEnv(n8n, folder, {
			N8N_PORT: String(await freePort()),
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			// The simulator is on 127.0.0.1: allowed where the line has SSRF protection.
			N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32',
		});
		const credentials = join(folder, 'credentials.json');
		writeFileSync(
			credentials,
			JSON.stringify([
				{
					...CREDENTIAL,
					type: 'telcoBillingApi',
					data: { baseUrl: sim.url, apiKey: KEY, maxConcurrency: 1 },
				},
			]),
		);
		await n8nCliAsync(n8n, ['import:credentials', `--input=${credentials}`], env);
		const workflows = join(folder, 'workflows.json');
		writeFileSync(
			workflows,
			JSON.stringify([
				paymentWorkflow('rerunRetryOnFail', {
					retryOnFail: true,
					maxTries: 3,
					waitBetweenTries: 100,
				}),
				paymentWorkflow('rerunRetried', {}),
			]),
		);
		await n8nCliAsync(n8n, ['import:workflow', `--input=${workflows}`], env);
	}, 900_000);

	afterAll(async () => {
		simulator?.kill();
		if (folder && !process.env.TELCO_E2E_KEEP) rmSync(folder, { recursive: true, force: true });
	});

	test('Retry On Fail: the second try sends the refused payment, never the first again', async () => {
		const before = await paymentsOf();
		await refuseSecondPaymentOnce();
		const stdout = await n8nCliAsync(n8n, ['execute', '--id=rerunRetryOnFail', '--rawOutput'], {
			...env,
			N8N_LOG_LEVEL: 'info',
		});
		expect(stdout).toMatch(/"success":\s*true/);
		const after = await paymentsOf();
		expect({ 1001: after[1001] - before[1001], 1004: after[1004] - before[1004] }).toEqual({
			1001: 1,
			1004: 1,
		});
	}, 300_000);

	test('a failed execution retried from the executions list charges only the item that failed', async () => {
		const before = await paymentsOf();
		await refuseSecondPaymentOnce();
		await n8nCliAsync(n8n, ['execute', '--id=rerunRetried', '--rawOutput'], env).catch(
			() => undefined,
		);
		const failed = await paymentsOf();
		expect({ 1001: failed[1001] - before[1001], 1004: failed[1004] - before[1004] }).toEqual({
			1001: 1,
			1004: 0,
		});
		const port = env.N8N_PORT;
		const url = `http://127.0.0.1:${port}`;
		const server = n8nSpawn(n8n, ['start'], env, ['ignore', 'ignore', 'inherit']);
		try {
			await waitUntil(
				'n8n to answer',
				async () => (await fetch(`${url}/rest/settings`).catch(() => undefined))?.ok,
				180,
			);
			const api = n8nRest(url, n8n, 'telco-rerun-e2e');
			await api.setUpOwner(OWNER);
			await api.login(OWNER);
			const [execution] = await api.executionsOf('rerunRetried');
			expect(execution.status).toBe('error');
			await api.rest('POST', `/rest/executions/${execution.id}/retry`, { loadWorkflow: false });
			let retried;
			await waitUntil(
				'the retried execution to end',
				async () => {
					const list = await api.executionsOf('rerunRetried');
					retried = list.find((one) => String(one.retryOf) === String(execution.id));
					return retried && FINISHED_EXECUTION.includes(retried.status);
				},
				120,
				1000,
			);
			expect(retried.status).toBe('success');
		} finally {
			if (server.exitCode === null) {
				const exited = new Promise((resolve) => server.once('exit', resolve));
				server.kill('SIGTERM');
				await exited;
			}
		}
		const after = await paymentsOf();
		expect({ 1001: after[1001] - before[1001], 1004: after[1004] - before[1004] }).toEqual({
			1001: 1,
			1004: 1,
		});
	}, 600_000);
});
