// The MCP example (examples/mcp-billing-assistant.json) published under `n8n start` on free ports, its tools
// pointed at the simulator through a recorder (every request a tool made is seen), and MCP clients of the
// official SDK connecting to its MCP Server Trigger as Claude Desktop or an IDE would. The end-to-end test and
// the tool-call benchmark start it the same way.
const { createWriteStream, mkdtempSync, readFileSync, rmSync } = require('node:fs');
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
	importInto,
	n8nEnv,
	n8nSpawn,
	prepareImports,
	requestedVersion,
} = require('./n8n.js');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');
const { freePort, waitUntil } = require('./waiting.js');
const { startRecorder } = require('./recorder.js');

const DEMO_KEY = 'demo-key-0001';
const EXAMPLE = 'mcp-billing-assistant.json';
// The sandbox's Bearer Auth credential for MCP clients (prepareImports).
const TOKEN = 'sandbox-mcp-token';

/** Starts the simulator, the recorder and n8n with the example published; resolves once a client connects. */
async function startMcpExample({
	log = () => {},
	simulatorArgs = ON_FREE_PORTS,
	extraEnv = {},
} = {}) {
	const n8n = await ensureN8n({ version: requestedVersion([]), log });
	log(`n8n ${n8n.version} on Node ${n8n.nodeVersion}`);
	const simulator = await spawnSimulator(simulatorArgs);
	const recorder = await startRecorder(simulator.url, { key: DEMO_KEY });
	const folder = mkdtempSync(join(tmpdir(), 'n8n-telco-mcp-'));
	const logFile = join(folder, 'n8n.log');
	const port = await freePort();
	const n8nUrl = `http://127.0.0.1:${port}`;
	const mcpUrl = `${n8nUrl}/mcp/telco-billing`;
	const env = n8nEnv(n8n, join(folder, 'n8n'), {
		N8N_PORT: String(port),
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		N8N_EDITOR_BASE_URL: n8nUrl,
		// No WEBHOOK_URL (deprecated in 2.41 for N8N_WEBHOOK_URL, which older lines do not read): n8n builds
		// the same webhook address from N8N_HOST and N8N_PORT.
		N8N_LOG_LEVEL: 'info',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		...extraEnv,
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
	importInto(n8n, env, join(imports, 'credentials.json'), join(imports, 'workflows', EXAMPLE));
	activateWorkflow(n8n, example.id, env);

	const logStream = createWriteStream(logFile);
	const server = n8nSpawn(n8n, ['start'], env, ['ignore', 'pipe', 'pipe']);
	server.stdout.pipe(logStream);
	server.stderr.pipe(logStream);
	const exited = new Promise((resolve) => server.once('exit', resolve));

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

	const started = Date.now();
	// The MCP URL answers once n8n has registered the published workflow's webhooks.
	const client = await waitUntil(
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

	async function close() {
		await client.close().catch(() => undefined);
		if (server.exitCode === null) {
			server.kill('SIGTERM');
			let timer;
			await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 30_000)))]);
			clearTimeout(timer);
			if (server.exitCode === null) server.kill('SIGKILL');
		}
		recorder.close();
		simulator.child.kill('SIGTERM');
		if (!process.env.TELCO_E2E_KEEP) rmSync(folder, { recursive: true, force: true });
		else log(`kept ${folder}`);
	}

	return { n8n, simulator, recorder, mcpUrl, client, connect, close };
}

/** The JSON a tool call answered with (n8n sends a tool's output as one text content). */
function toolAnswer(result) {
	const text = result.content.find((c) => c.type === 'text')?.text;
	return JSON.parse(text);
}

module.exports = { DEMO_KEY, TOKEN, startMcpExample, toolAnswer };
