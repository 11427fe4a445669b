// The package's tools served to MCP clients by n8n's MCP Server Trigger, in a real n8n under `n8n start`: the
// MCP example (examples/mcp-billing-assistant.json) imported and published, its tools pointed at the simulator
// through a recorder (so the test sees every request a tool made), and the official MCP TypeScript SDK's
// client connecting as Claude Desktop or an IDE would: it lists the tools, calls them, and each answer must
// be the simulator's (values only it has, requests it received). Both transports the trigger's one URL
// speaks are used: streamable HTTP and SSE. TELCO_E2E_KEEP=1 keeps n8n's folder and log.
const { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { SSEClientTransport } = require('@modelcontextprotocol/sdk/client/sse.js');
const {
	StreamableHTTPClientTransport,
} = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
const {
	activateWorkflow,
	ensureN8n,
	n8nCli,
	n8nEnv,
	n8nSpawn,
	prepareImports,
	requestedVersion,
} = require('../sandbox/n8n.js');
const { melbourneToday } = require('../sandbox/agentScenarios.js');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');
const { freePort, waitUntil } = require('../sandbox/waiting.js');
const { startRecorder } = require('../sandbox/recorder.js');

const DEMO_KEY = 'demo-key-0001';
const EXAMPLE = 'mcp-billing-assistant.json';
// The sandbox's Bearer Auth credential for MCP clients (test/sandbox/n8n.js prepareImports).
const TOKEN = 'sandbox-mcp-token';
const TODAY = melbourneToday();

const log = (line) =>
	process.stderr.write(`[mcp e2e ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

let n8n;
let server;
let simulator;
let recorder;
let folder;
let logFile;
let mcpUrl;
let client;

async function simulatorJson(path, init) {
	return await (await fetch(`${simulator.url}${path}`, init)).json();
}

/** An MCP client of the official SDK, connected over the given transport with the given token. */
async function connect(transport = 'streamable', token = TOKEN) {
	const headers = token ? { authorization: `Bearer ${token}` } : {};
	const url = new URL(mcpUrl);
	const made =
		transport === 'sse'
			? new SSEClientTransport(url, {
					requestInit: { headers },
					eventSourceInit: {
						fetch: (input, init) =>
							fetch(input, { ...init, headers: { ...init?.headers, ...headers } }),
					},
				})
			: new StreamableHTTPClientTransport(url, { requestInit: { headers } });
	const mcp = new Client({ name: 'telco-billing-e2e', version: '1.0.0' });
	try {
		await mcp.connect(made);
	} catch (error) {
		await mcp.close().catch(() => undefined);
		throw error;
	}
	return mcp;
}

/** The JSON a tool call answered with (n8n sends a tool's output as one text content). */
function answerOf(result) {
	expect(result.isError).toBeFalsy();
	const text = result.content.find((c) => c.type === 'text')?.text;
	return JSON.parse(text);
}

beforeAll(async () => {
	n8n = await ensureN8n({ version: requestedVersion([]), log });
	log(`n8n ${n8n.version} on Node ${n8n.nodeVersion}`);
	simulator = await spawnSimulator(ON_FREE_PORTS);
	recorder = await startRecorder(simulator.url, { key: DEMO_KEY });
	folder = mkdtempSync(join(tmpdir(), 'n8n-telco-mcp-'));
	logFile = join(folder, 'n8n.log');
	const port = await freePort();
	const n8nUrl = `http://127.0.0.1:${port}`;
	mcpUrl = `${n8nUrl}/mcp/telco-billing`;
	const env = n8nEnv(n8n, join(folder, 'n8n'), {
		N8N_PORT: String(port),
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		N8N_EDITOR_BASE_URL: n8nUrl,
		// No WEBHOOK_URL (deprecated in 2.41 for N8N_WEBHOOK_URL, which older lines do not read): n8n builds
		// the same webhook address from N8N_HOST and N8N_PORT.
		N8N_LOG_LEVEL: 'info',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
	});
	// The sandbox's credentials (the billing one pointing at the recorder) and the example as a user imports
	// it, node types as n8n names a package loaded from N8N_CUSTOM_EXTENSIONS.
	const imports = join(folder, 'imports');
	const workflows = prepareImports(imports, {
		simulatorUrl: recorder.url,
		apiKey: DEMO_KEY,
		smtpPort: 25,
	});
	const example = workflows.find((w) => w.file === EXAMPLE);
	n8nCli(n8n, ['import:credentials', `--input=${join(imports, 'credentials.json')}`], env);
	n8nCli(n8n, ['import:workflow', `--input=${join(imports, 'workflows', EXAMPLE)}`], env);
	activateWorkflow(n8n, example.id, env);

	const logStream = createWriteStream(logFile);
	server = n8nSpawn(n8n, ['start'], env, ['ignore', 'pipe', 'pipe']);
	server.stdout.pipe(logStream);
	server.stderr.pipe(logStream);
	server.exited = new Promise((resolve) => server.once('exit', resolve));
	const started = Date.now();
	// The MCP URL answers once n8n has registered the published workflow's webhooks.
	client = await waitUntil(
		'the MCP Server Trigger to accept a client',
		async () => {
			if (server.exitCode !== null)
				throw new Error(`n8n stopped; its log:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
			return await connect().catch(() => false);
		},
		180,
		1000,
	);
	log(`an MCP client connected ${Math.round((Date.now() - started) / 1000)} s after n8n started`);
}, 600_000);

afterAll(async () => {
	await client?.close().catch(() => undefined);
	if (server && server.exitCode === null) {
		server.kill('SIGTERM');
		let timer;
		await Promise.race([
			server.exited,
			new Promise((resolve) => (timer = setTimeout(resolve, 30_000))),
		]);
		clearTimeout(timer);
		if (server.exitCode === null) server.kill('SIGKILL');
	}
	recorder?.close();
	simulator?.child.kill('SIGTERM');
	if (folder && !process.env.TELCO_E2E_KEEP) rmSync(folder, { recursive: true, force: true });
	else if (folder) log(`kept ${folder}`);
});

const TOOLS = [
	'Aged_Receivables',
	'Campaign_Status',
	'Campaigns',
	'Customer_Balance',
	'Customer_Search',
];

test('the client lists the five tools of the example, each with what its model may fill', async () => {
	const { tools } = await client.listTools();
	const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
	log(
		`tools: ${tools.map((t) => `${t.name} (${Object.keys(t.inputSchema.properties ?? {})})`).join('; ')}`,
	);
	expect(Object.keys(byName).sort()).toEqual(TOOLS);
	// An ID as a number, or the customer by name: neither is required alone.
	expect(byName.Customer_Balance.inputSchema.properties).toMatchObject({
		customerId: { type: 'number' },
		customer: { type: 'string', description: expect.stringMatching(/name/i) },
	});
	expect(byName.Customer_Balance.inputSchema.required ?? []).toEqual([]);
	expect(byName.Customer_Balance.description).toMatch(/balance/i);
	expect(byName.Aged_Receivables.description).toMatch(/^Aged receivables report: /);
	// No clock in a model: the date may be left out.
	expect(byName.Aged_Receivables.inputSchema.required ?? []).toEqual([]);
	expect(Object.keys(byName.Customer_Search.inputSchema.properties).sort()).toEqual([
		'field',
		'text',
	]);
	expect(byName.Campaign_Status.inputSchema.properties.campaign).toMatchObject({ type: 'number' });
	expect(byName.Campaigns.description).toMatch(/Campaign Status/);
	// Nothing reached the platform for a listing.
	expect(recorder.seen).toEqual([]);
});

test('a balance read by the ID as a number answers with the simulator’s balance, read from it once', async () => {
	const before = recorder.seen.length;
	const answer = answerOf(
		await client.callTool({ name: 'Customer_Balance', arguments: { customerId: 1001 } }),
	);
	const direct = await simulatorJson(`/${DEMO_KEY}/customer/balance/1001`);
	log(`Customer_Balance 1001 → ${JSON.stringify(answer)}`);
	const record = Array.isArray(answer) ? answer[0] : answer;
	expect(record).toMatchObject({ cid: 1001, balance: Number(direct.balance) });
	expect(recorder.seen.slice(before).map((r) => r.line)).toEqual(['GET /customer/balance/1001']);
});

test('a balance read by the customer’s company, as a user names it', async () => {
	const { records } = await simulatorJson('/__simulator/state/customers');
	const target = records.find((c) => c.cid === 1004);
	const answer = answerOf(
		await client.callTool({ name: 'Customer_Balance', arguments: { customer: target.company } }),
	);
	const record = Array.isArray(answer) ? answer[0] : answer;
	expect(record).toMatchObject({ cid: 1004, balance: Number(target.balance) });
});

test('the aged receivables report with no date is today’s, in Melbourne', async () => {
	const before = recorder.seen.length;
	const answer = answerOf(await client.callTool({ name: 'Aged_Receivables', arguments: {} }));
	const sent = recorder.seen.slice(before);
	expect(sent.map(({ line, body }) => ({ line, body }))).toEqual([
		{
			line: 'POST /report',
			body: { report: 'agedReceivables', report_options: expect.objectContaining({ date: TODAY }) },
		},
	]);
	// The same request straight to the simulator: the tool's rows are its rows.
	const direct = await simulatorJson(`/${DEMO_KEY}/report`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(sent[0].body),
	});
	const rows = Array.isArray(answer) ? answer : [answer];
	const { records } = await simulatorJson('/__simulator/state/customers');
	const owing = records.filter((c) => c.deptid === 1 && c.balance > 0);
	log(
		`Aged_Receivables (no date) → ${rows.length} rows; the simulator says ${owing.length} customers owe`,
	);
	expect(rows.length).toBeGreaterThan(1);
	expect(rows.map((r) => Number(r.cid)).sort()).toEqual(owing.map((c) => c.cid).sort());
	expect(JSON.stringify(direct)).toContain(String(rows[0].cid));
});

test('customer search answers with who the customers are, and no date of birth or ABN', async () => {
	const { records } = await simulatorJson('/__simulator/state/customers');
	const target = records.find((c) => c.cid === 1001);
	const found = answerOf(
		await client.callTool({
			name: 'Customer_Search',
			arguments: { field: 'company', text: target.company.slice(0, 8) },
		}),
	);
	const matches = Array.isArray(found) ? found : [found];
	expect(matches.map((m) => m.company)).toContain(target.company);
	for (const match of matches) {
		expect(match).not.toHaveProperty('dob');
		expect(match).not.toHaveProperty('abn');
	}
});

test('a call the node refuses answers in a sentence naming the tool’s own argument', async () => {
	const before = recorder.seen.length;
	const result = await client.callTool({
		name: 'Customer_Search',
		arguments: { field: 'company', text: 'ab' },
	});
	const text = result.content.find((c) => c.type === 'text')?.text ?? '';
	log(`Customer_Search "ab" → ${text}`);
	expect(text).toContain('The argument \\"text\\" must be at least 3 characters');
	expect(text).not.toMatch(/NodeOperationError|NodeApiError|Search Value/);
	expect(recorder.seen.slice(before)).toEqual([]);
});

test('campaigns are listed with their IDs, and one’s status read by its ID as a number', async () => {
	const created = await simulatorJson(`/${DEMO_KEY}/customer/bulk-email`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			subject: 'MCP e2e campaign',
			content: '<p>hi</p>',
			customer_ids: [1001],
		}),
	});
	const listed = answerOf(await client.callTool({ name: 'Campaigns', arguments: {} }));
	const campaigns = Array.isArray(listed) ? listed : [listed];
	expect(campaigns.map((c) => c.id)).toContain(created.id);
	const status = answerOf(
		await client.callTool({ name: 'Campaign_Status', arguments: { campaign: created.id } }),
	);
	const campaign = Array.isArray(status) ? status[0] : status;
	log(`Campaign_Status ${created.id} → ${JSON.stringify(campaign)}`);
	expect(campaign).toMatchObject({ id: created.id, subject: 'MCP e2e campaign', status: 'queued' });
});

test('the same tools over SSE, the transport older clients use', async () => {
	const sse = await connect('sse');
	try {
		const { tools } = await sse.listTools();
		expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
		const answer = answerOf(
			await sse.callTool({ name: 'Customer_Balance', arguments: { customer: '1002' } }),
		);
		const direct = await simulatorJson(`/${DEMO_KEY}/customer/balance/1002`);
		expect(Array.isArray(answer) ? answer[0] : answer).toMatchObject({
			cid: 1002,
			balance: Number(direct.balance),
		});
	} finally {
		await sse.close();
	}
});

test('a client without the token, or with a wrong one, is refused and reaches nothing', async () => {
	const before = recorder.seen.length;
	for (const token of [undefined, 'not-the-token']) {
		const response = await fetch(mcpUrl, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				accept: 'application/json, text/event-stream',
				...(token ? { authorization: `Bearer ${token}` } : {}),
			},
			body: JSON.stringify({
				jsonrpc: '2.0',
				id: 1,
				method: 'initialize',
				params: {
					protocolVersion: '2025-03-26',
					capabilities: {},
					clientInfo: { name: 'intruder', version: '0' },
				},
			}),
		});
		expect(response.status).toBe(403);
	}
	await expect(connect('streamable', 'not-the-token')).rejects.toThrow();
	expect(recorder.seen.length).toBe(before);
});
