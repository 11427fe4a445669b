// The sandbox as `npm start` prepares it (the package installed as a community package in n8n's user folder,
// the sandbox credentials and the examples imported), on free ports: the credential Test button's answers
// over n8n's REST API, and the examples' nodes known to n8n and run by it.
const { mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const {
	PACKAGE_NAME,
	SANDBOX_OWNER,
	ensureN8n,
	n8nCli,
	n8nCliAsync,
	n8nEnv,
	n8nSpawn,
	prepareImports,
	prepareSandbox,
	requestedVersion,
} = require('../sandbox/n8n.js');
const { lineOf } = require('../sandbox/n8n-lines.js');
const { n8nRest } = require('../sandbox/n8nRest.js');
const { SCENARIOS } = require('../sandbox/agentScenarios.js');
const { startFakeChatModel } = require('../sandbox/fakeChatModel.js');
const { freePort, waitUntil } = require('../sandbox/waiting.js');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');

let n8n;
let simulator;
let server;
let folder;
let api;
let sandbox;
let cdrImport;
let model;
let agentRun;
const OWN = { id: 'userOwnWorkflow01', name: 'My own workflow, made with CUSTOM.* nodes' };

const testCredential = async (id, edit) => await api.testCredential(id, edit);

beforeAll(async () => {
	n8n = await ensureN8n({
		version: requestedVersion([]),
		log: (line) => process.stderr.write(`${line}\n`),
	});
	process.stderr.write(`Sandbox run on n8n ${n8n.version}, Node ${n8n.nodeVersion}\n`);
	const sim = await spawnSimulator(ON_FREE_PORTS);
	simulator = sim.child;
	folder = mkdtempSync(join(tmpdir(), 'n8n-telco-sandbox-'));
	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	// A sandbox folder from before the package was installed there: a workflow of the user's own, typed CUSTOM.*.
	const before = join(folder, 'before');
	const [example] = prepareImports(before, { simulatorUrl: sim.url, apiKey: 'k', smtpPort: 1 });
	const own = JSON.parse(readFileSync(join(before, 'workflows', example.file), 'utf8'));
	writeFileSync(join(before, 'own.json'), JSON.stringify({ ...own, id: OWN.id, name: OWN.name }));
	n8nCli(n8n, ['import:workflow', `--input=${join(before, 'own.json')}`], n8nEnv(n8n, folder));
	// The scripted chat model, as npm start runs it: the AI agent example's credential points at it.
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
		},
	});

	// One example run by the CLI before the server holds the database: n8n prints the run at level info.
	const { id } = sandbox.imports.find(
		(w) => w.name === 'Telco Billing example: CDR file import, streamed',
	);
	const stdout = n8nCli(n8n, ['execute', `--id=${id}`, '--rawOutput'], {
		...sandbox.env,
		N8N_LOG_LEVEL: 'info',
	});
	const lines = stdout.split('\n');
	cdrImport = JSON.parse(lines.slice(lines.indexOf('{'), lines.lastIndexOf('}') + 1).join('\n'));
	// The AI agent example as imported, nothing edited: its model credential is the sandbox's.
	const agent = sandbox.imports.find((w) => w.file === 'ai-agent-balance.json');
	const agentOut = (
		await n8nCliAsync(n8n, ['execute', `--id=${agent.id}`, '--rawOutput'], {
			...sandbox.env,
			N8N_LOG_LEVEL: 'info',
		})
	).split('\n');
	agentRun = JSON.parse(
		agentOut.slice(agentOut.indexOf('{'), agentOut.lastIndexOf('}') + 1).join('\n'),
	);

	server = n8nSpawn(n8n, ['start'], sandbox.env, ['ignore', 'ignore', 'inherit']);
	api = n8nRest(url, n8n, 'telco-sandbox-e2e');
	// n8n answers /healthz before its REST API is up; the public settings come with the API.
	await waitUntil(
		'n8n to answer',
		async () => (await fetch(`${url}/rest/settings`).catch(() => undefined))?.ok,
		180,
	);
	await api.setUpOwner(SANDBOX_OWNER);
	await api.login(SANDBOX_OWNER);
}, 600_000);

afterAll(async () => {
	if (server && server.exitCode === null) {
		const exited = new Promise((resolve) => server.once('exit', resolve));
		server.kill('SIGTERM');
		await exited;
	}
	simulator?.kill('SIGTERM');
	await model?.close();
	if (folder) rmSync(folder, { recursive: true, force: true });
});

test('the package is installed as a copy of package.json and dist, without the build info; old workflows are rewritten', () => {
	expect(sandbox.packageDir).toBe(join(folder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME));
	const pkg = JSON.parse(readFileSync(join(sandbox.packageDir, 'package.json'), 'utf8'));
	expect(pkg.name).toBe(PACKAGE_NAME);
	expect(sandbox.env.N8N_CUSTOM_EXTENSIONS).toBeUndefined();
	expect(() => readFileSync(join(sandbox.packageDir, 'dist', 'tsconfig.tsbuildinfo'))).toThrow();
	// The user's own workflow typed CUSTOM.* was rewritten, once; the examples are imported afresh anyway.
	expect(sandbox.migrated).toEqual([OWN.name]);
});

test('Test on the sandbox API credential: the simulator answers and n8n says the connection works', async () => {
	expect(await testCredential('telcoSandbox')).toEqual({
		status: 'OK',
		message: 'Connection successful!',
	});
});

test('Test on the sandbox portal login credential: the login works', async () => {
	expect(await testCredential('telcoSandboxPortal')).toEqual({
		status: 'OK',
		message: 'Connection successful!',
	});
});

test('Test with a Base URL where nothing listens: our sentence, not a raw error code', async () => {
	const closed = `http://127.0.0.1:${await freePort()}`;
	const result = await testCredential('telcoSandbox', { baseUrl: closed });
	expect(result).toEqual({
		status: 'Error',
		message: `Nothing answers at ${closed}: check the Base URL (host and port) and that the platform is running`,
	});
	expect(JSON.stringify(result)).not.toContain('ECONNREFUSED');
});

test('the credentials list our nodes as supporting them, and every node of every example is known to n8n in its version', async () => {
	const { json: credentialTypes } = await api.rest('GET', '/types/credentials.json');
	const apiType = credentialTypes.find((c) => c.name === 'telcoBillingApi');
	expect(apiType.supportedNodes).toContain(`${PACKAGE_NAME}.telcoBillingAccount`);
	const { json: nodeTypes } = await api.rest('GET', '/types/nodes.json');
	const known = new Set(nodeTypes.map((node) => node.name));
	// A node version the line lacks (AI Agent 3.1 on n8n 1.123) fails the run: "reading 'execute'" of undefined.
	const versions = new Set(
		nodeTypes.flatMap((node) => [node.version].flat().map((version) => `${node.name}@${version}`)),
	);
	for (const { id } of [...sandbox.imports, OWN]) {
		const { json } = await api.rest('GET', `/rest/workflows/${id}`);
		const nodes = (json.data ?? json).nodes;
		const types = nodes.map((node) => node.type);
		expect(types.filter((type) => type.startsWith('CUSTOM.'))).toEqual([]);
		expect(types.filter((type) => !known.has(type))).toEqual([]);
		const typed = nodes.map((node) => `${node.type}@${node.typeVersion}`);
		expect(typed.filter((type) => !versions.has(type))).toEqual([]);
	}
});

test('an example runs with its nodes as installed: the CDR file import adds the five CDRs', () => {
	const runData = cdrImport.data?.resultData?.runData ?? cdrImport.resultData?.runData;
	const added = runData['Import CDR File'][0].data.main[0].map((item) => item.json);
	expect(added).toEqual([expect.objectContaining({ rowsRead: 5, accepted: 5, refused: 0 })]);
});

test('the AI agent example runs as imported: the scripted model answers from the simulator', () => {
	const runData =
		agentRun.data?.resultData?.runData ?? agentRun.resultData?.runData ?? agentRun.runData;
	const answers = (runData['Billing Agent']?.[0]?.data?.main?.[0] ?? []).map(
		(item) => item.json.output,
	);
	expect(answers).toEqual([
		expect.stringMatching(/^Customer 1001 owes \$\d+\.\d\d\.$/),
		expect.stringMatching(/^Added Dana Lee as lead \d+\.$/),
		expect.stringMatching(/^\d+ customers owe \$[\d.]+ in all: /),
	]);
	expect(model.requests.length).toBeGreaterThanOrEqual(6);
});

// n8n 2.41 ships the rules of its own 3.0 upgrade report (GET /rest/breaking-changes/report?version=v3): run
// over the sandbox's workflows (every example, and a user's own), it must find nothing to change in any of them.
const testV3 = lineOf(requestedVersion([]))?.v3Report ? test : test.skip;

testV3('n8n’s own 3.0 breaking-changes report finds no issue in any example workflow', async () => {
	const { json } = await api.rest('GET', '/rest/breaking-changes/report?version=v3');
	const { report, totalWorkflows } = json.data ?? json;
	expect(report.targetVersion).toBe('v3');
	expect(totalWorkflows).toBe(sandbox.imports.length + 1);
	expect(report.workflowResults).toEqual([]);
});
