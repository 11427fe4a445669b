// n8n's SSRF protection in a real n8n (the newest line; earlier ones have none): with it on, the simulator's
// 127.0.0.1 is blocked by n8n's default list, as a carrier's platform on a private or carrier-grade NAT address
// is. The credential's Test button over n8n's REST API and a workflow run both say so in one sentence naming the
// setting; with that setting (the one `npm start` adds for its own n8n) both work again. The package is
// installed as `npm start` installs it (prepareSandbox), since only then does n8n find the Test function.
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const {
	ensureN8n,
	n8nCliAsync,
	n8nSpawn,
	prepareSandbox,
	requestedVersion,
} = require('../sandbox/n8n.js');
const { lineOf } = require('../sandbox/n8n-lines.js');
const { SCENARIOS } = require('../sandbox/agentScenarios.js');
const { startFakeChatModel } = require('../sandbox/fakeChatModel.js');
const { n8nRest } = require('../sandbox/n8nRest.js');
const { freePort, waitUntil } = require('../sandbox/waiting.js');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');

const VERSION = requestedVersion([]);
const HAS_SSRF = Boolean(lineOf(VERSION)?.ssrfProtection);
const OWNER = {
	email: 'ssrf@telco-billing.example',
	firstName: 'Ssrf',
	lastName: 'Owner',
	password: 'Ssrf-e2e-2026',
};
const WORKFLOW = { id: 'telcoSsrfBalance01', name: 'SSRF: a customer balance' };
const BLOCKED =
	'n8n’s SSRF protection blocked the request to 127.0.0.1 (a loopback address, n8n’s own machine): to ' +
	'allow the billing platform, add 127.0.0.1/32 to N8N_SSRF_ALLOWED_IP_RANGES in n8n’s environment and ' +
	'restart n8n';

let n8n;
let simulator;
let folder;
let sandbox;
let model;
let url;
let ownerMade = false;

/** A manual trigger and one Get Balance through the sandbox credential. */
function balanceWorkflow() {
	return {
		...WORKFLOW,
		active: false,
		nodes: [
			{
				id: 'trigger',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'balance',
				name: 'Get Balance',
				type: 'n8n-nodes-telco-billing.telcoBillingCustomer',
				typeVersion: 1,
				position: [220, 0],
				parameters: { resource: 'customer', operation: 'getBalance', cid: '1001' },
				credentials: { telcoBillingApi: { id: 'telcoSandbox', name: 'Telco Billing (sandbox)' } },
			},
		],
		connections: { Start: { main: [[{ node: 'Get Balance', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/**
 * `n8n execute` of the workflow: the run data it prints, or when the run fails, what n8n printed before its
 * "Execution error:" block and the error that block holds.
 */
async function execute(env, id = WORKFLOW.id) {
	try {
		const stdout = await n8nCliAsync(n8n, ['execute', `--id=${id}`, '--rawOutput'], {
			...env,
			N8N_LOG_LEVEL: 'info',
		});
		const lines = stdout.split('\n');
		return {
			run: JSON.parse(lines.slice(lines.indexOf('{'), lines.lastIndexOf('}') + 1).join('\n')),
		};
	} catch (error) {
		const [said, block] = error.message.split('Execution error:');
		if (!block) throw error;
		const json = block.slice(block.indexOf('{'), block.lastIndexOf('}') + 1);
		return { said, error: JSON.parse(json).data.resultData.error };
	}
}

/** n8n started with `env` while `body` runs against its REST API, signed in as the owner; then stopped. */
async function withServer(env, body) {
	const server = n8nSpawn(n8n, ['start'], env, ['ignore', 'ignore', 'inherit']);
	try {
		await waitUntil(
			'n8n to answer',
			async () => (await fetch(`${url}/rest/settings`).catch(() => undefined))?.ok,
			180,
		);
		const api = n8nRest(url, n8n, 'telco-ssrf-e2e');
		// The owner is made at the first start; later starts find it in the database.
		if (!ownerMade) await api.setUpOwner(OWNER);
		ownerMade = true;
		await api.login(OWNER);
		return await body(api);
	} finally {
		if (server.exitCode === null) {
			const exited = new Promise((resolve) => server.once('exit', resolve));
			server.kill('SIGTERM');
			await exited;
		}
	}
}

const TITLE = `n8n ${VERSION} with N8N_SSRF_PROTECTION_ENABLED=true`;
const describeSsrf = HAS_SSRF
	? describe
	: (title, body) =>
			describe.skip(`${title} [skipped: this line has no SSRF protection; 2.41.1 runs it]`, body);

describeSsrf(TITLE, () => {
	beforeAll(async () => {
		n8n = await ensureN8n({ version: VERSION, log: (line) => process.stderr.write(`${line}\n`) });
		const sim = await spawnSimulator(ON_FREE_PORTS);
		simulator = sim.child;
		folder = mkdtempSync(join(tmpdir(), 'n8n-telco-ssrf-'));
		const port = await freePort();
		url = `http://127.0.0.1:${port}`;
		// The AI agent example's scripted model, on 127.0.0.1 as under npm start.
		model = await startFakeChatModel(SCENARIOS);
		sandbox = prepareSandbox(n8n, folder, {
			simulatorUrl: sim.url,
			smtpPort: sim.smtpPort,
			modelUrl: model.url,
			extra: {
				N8N_PORT: String(port),
				N8N_EDITOR_BASE_URL: url,
				N8N_RUNNERS_BROKER_PORT: String(await freePort()),
				N8N_LOG_LEVEL: 'error',
				N8N_SSRF_PROTECTION_ENABLED: 'true',
			},
		});
		const file = join(folder, 'ssrf-workflow.json');
		writeFileSync(file, JSON.stringify(balanceWorkflow()));
		await n8nCliAsync(n8n, ['import:workflow', `--input=${file}`], sandbox.env);
	}, 600_000);

	afterAll(async () => {
		simulator?.kill('SIGTERM');
		await model?.close();
		if (folder) rmSync(folder, { recursive: true, force: true });
	});

	describe('the simulator’s 127.0.0.1 blocked (n8n’s default list, nothing allowed)', () => {
		let env;
		beforeAll(() => {
			env = { ...sandbox.env };
			delete env.N8N_SSRF_ALLOWED_IP_RANGES;
		});

		test('a run fails with the sentence, never a network failure; the key is nowhere in it', async () => {
			const { said, error } = await execute(env);
			expect(error.message).toBe(BLOCKED);
			expect(error.description).toMatch(
				/^n8n did not send the request: its SSRF protection \(N8N_SSRF_PROTECTION_ENABLED\)/,
			);
			// What n8n prints of the failed run: the sentence, on its own line.
			expect(said.split('\n')).toContain(BLOCKED);
			expect(JSON.stringify(error)).not.toContain('demo-key-0001');
		});

		test('the Test button answers with the sentence over n8n’s REST API', async () => {
			await withServer(env, async (api) => {
				expect(await api.testCredential('telcoSandbox')).toEqual({
					status: 'Error',
					message: BLOCKED,
				});
			});
		});
	});

	describe('127.0.0.1/32 in N8N_SSRF_ALLOWED_IP_RANGES, as `npm start` sets it for its own n8n', () => {
		test('the environment npm start prepares allows the simulator’s address', () => {
			expect(sandbox.env.N8N_SSRF_PROTECTION_ENABLED).toBe('true');
			expect(sandbox.env.N8N_SSRF_ALLOWED_IP_RANGES).toBe('127.0.0.1/32');
			expect(sandbox.ssrfNote).toMatch(
				/^on \(N8N_SSRF_PROTECTION_ENABLED\): this n8n also allows 127\.0\.0\.1\/32/,
			);
		});

		test('the run works again', async () => {
			const { run } = await execute(sandbox.env);
			const runData = run.data?.resultData?.runData ?? run.resultData?.runData ?? run.runData;
			expect(runData['Get Balance'][0].data.main[0].map((item) => item.json)).toEqual([
				expect.objectContaining({ cid: 1001 }),
			]);
		});

		test('the AI agent example, whose model is on 127.0.0.1 too, runs as under npm start', async () => {
			const agent = sandbox.imports.find((w) => w.file === 'ai-agent-balance.json');
			const { run, error } = await execute(sandbox.env, agent.id);
			expect(error).toBeUndefined();
			const runData = run.data?.resultData?.runData ?? run.resultData?.runData ?? run.runData;
			const answers = runData['Billing Agent'][0].data.main[0].map((item) => item.json.output);
			expect(answers[0]).toMatch(/^Customer 1001 owes \$\d+\.\d\d\.$/);
		});

		test('the Test button answers OK again', async () => {
			await withServer(sandbox.env, async (api) => {
				expect(await api.testCredential('telcoSandbox')).toEqual({
					status: 'OK',
					message: 'Connection successful!',
				});
			});
		});
	});
});
