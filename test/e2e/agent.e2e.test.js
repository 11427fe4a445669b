// n8n's AI Agent calling the package's tool variants, in the real n8n CLI: the AI-agent example, with its chat
// model pointed at a scripted OpenAI-compatible model on 127.0.0.1 and its tools at the simulator (through a
// recorder, so the test sees the requests the tools made). The model picks its tool and fills the arguments
// from the tool definitions n8n sends it, as a real model does.
const { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const {
	ensureN8n,
	importInto,
	n8nCliAsync,
	n8nEnv,
	requestedVersion,
	ROOT,
} = require('../sandbox/n8n.js');
const { LEAD, SCENARIOS, melbourneToday } = require('../sandbox/agentScenarios.js');
const { startFakeChatModel } = require('../sandbox/fakeChatModel.js');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');
const { freePort } = require('../sandbox/waiting.js');
const { startRecorder } = require('../sandbox/recorder.js');

const DEMO_KEY = 'demo-key-0001';
// Read once: the run takes seconds, and the report's date is checked against the one the model filled.
const TODAY = melbourneToday();

let n8n;
let simulator;
let recorder;
let model;
let folder;
let run;
/** Each request that reached the platform, as `METHOD /path` without the key. */
const seenLines = () => recorder.seen.map((request) => request.line);
/** The customer the fourth question names by its company, as a person would ask. */
let byCompany;

beforeAll(async () => {
	n8n = await ensureN8n({
		version: requestedVersion([]),
		log: (line) => process.stderr.write(`${line}\n`),
	});
	process.stderr.write(`AI agent run on n8n ${n8n.version}, Node ${n8n.nodeVersion}\n`);
	simulator = await spawnSimulator(ON_FREE_PORTS);
	recorder = await startRecorder(simulator.url, { key: DEMO_KEY });
	model = await startFakeChatModel(SCENARIOS);
	folder = mkdtempSync(join(tmpdir(), 'n8n-telco-agent-'));
	const env = n8nEnv(n8n, folder, {
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		N8N_LOG_LEVEL: 'info',
		// No N8N_COMMUNITY_PACKAGES_ALLOW_TOOL_USAGE: n8n 2.x makes a tool of every node with usableAsTool.
	});
	const imports = join(folder, 'imports');
	mkdirSync(imports);
	const credentials = [
		{
			id: 'telcoSandbox',
			name: 'Telco Billing (sandbox)',
			type: 'telcoBillingApi',
			data: { baseUrl: recorder.url, apiKey: DEMO_KEY },
		},
		{
			id: 'telcoSandboxModel',
			name: 'Scripted model (sandbox)',
			type: 'openAiApi',
			data: { apiKey: 'sk-scripted-model', url: model.url },
		},
	];
	writeFileSync(join(imports, 'credentials.json'), JSON.stringify(credentials));
	const example = readFileSync(join(ROOT, 'examples', 'ai-agent-balance.json'), 'utf8');
	const workflow = JSON.parse(example.split('n8n-nodes-telco-billing.').join('CUSTOM.'));
	// A fourth question names a customer by its company: the model passes the name, the tool finds the customer.
	const { records } = await (await fetch(`${simulator.url}/__simulator/state/customers`)).json();
	byCompany = records.find((c) => c.cid === 1002);
	const questions = workflow.nodes.find((node) => node.name === 'Questions');
	const asked = JSON.parse(questions.parameters.jsonOutput);
	asked.questions.push(`How much does ${byCompany.company} owe?`);
	questions.parameters.jsonOutput = JSON.stringify(asked);
	writeFileSync(join(imports, 'workflow.json'), JSON.stringify(workflow));
	importInto(n8n, env, join(imports, 'credentials.json'), join(imports, 'workflow.json'));
	// The run's JSON is the block from a line holding only "{" to the last line holding only "}".
	const lines = (
		await n8nCliAsync(n8n, ['execute', `--id=${workflow.id}`, '--rawOutput'], env)
	).split('\n');
	const json = JSON.parse(lines.slice(lines.indexOf('{'), lines.lastIndexOf('}') + 1).join('\n'));
	run = json.data?.resultData?.runData ?? json.resultData?.runData ?? json.runData;
});

afterAll(async () => {
	await model?.close();
	recorder?.close();
	simulator?.child.kill('SIGTERM');
	if (folder) rmSync(folder, { recursive: true, force: true });
});

function agentAnswers() {
	return (run['Billing Agent']?.[0]?.data?.main?.[0] ?? []).map((item) => item.json.output);
}

/** The tools n8n offered the model in its first request, by name. */
function offeredTools() {
	return Object.fromEntries(model.requests[0].tools.map((t) => [t.function.name, t.function]));
}

test('every parameter the model fills comes with a description of what to give', () => {
	for (const tool of Object.values(offeredTools()))
		for (const [key, schema] of Object.entries(tool.parameters.properties))
			expect([tool.name, key, schema.description ?? '']).toEqual([
				tool.name,
				key,
				expect.stringMatching(/\w{3,}.*\w{3,}/),
			]);
	// The customer: every form the tool takes, a name or company included.
	expect(offeredTools().Customer_Balance.parameters.properties.customer.description).toMatch(
		/ID.*account_id.*crm_id.*company/i,
	);
});

test('n8n offers the model each tool with the fields it must fill, and only those', () => {
	const tools = offeredTools();
	expect(Object.keys(tools).sort()).toEqual([
		'Aged_Receivables',
		'Create_Lead',
		'Customer_Balance',
	]);
	expect(tools.Customer_Balance.description).toMatch(/balance/i);
	expect(tools.Customer_Balance.parameters).toMatchObject({
		type: 'object',
		properties: { customer: { type: 'string', description: expect.stringMatching(/customer/i) } },
		required: ['customer'],
	});
	expect(tools.Create_Lead.description).toMatch(/create a lead/i);
	// The lead's source is fixed in the workflow: the model is not asked for it.
	expect(Object.keys(tools.Create_Lead.parameters.properties).sort()).toEqual([
		'company',
		'email',
		'first_name',
		'last_name',
	]);
	// The Report tool's description is the one written in the workflow (Set Manually).
	expect(tools.Aged_Receivables.description).toMatch(/^Aged receivables report: /);
	expect(tools.Aged_Receivables.parameters).toMatchObject({
		properties: { date: { type: 'string', description: expect.stringMatching(/YYYY-MM-DD/) } },
		required: ['date'],
	});
});

test('the agent reads customer 1001’s balance through the Customer tool and answers with it', async () => {
	expect(seenLines()).toContain('GET /customer/balance/1001');
	const { records } = await (await fetch(`${simulator.url}/__simulator/state/customers`)).json();
	const balance = records.find((c) => c.cid === 1001).balance;
	expect(agentAnswers()[0]).toBe(`Customer 1001 owes $${balance.toFixed(2)}.`);
});

test('the agent creates the lead with the fields the model filled and the source fixed in the workflow', async () => {
	const adds = seenLines().filter((line) => line === 'POST /leads/add');
	expect(adds).toHaveLength(1);
	const lid = /lead (\d+)\.$/.exec(agentAnswers()[1])?.[1];
	expect(lid).toBeDefined();
	const stored = await (await fetch(`${simulator.url}/${DEMO_KEY}/leads/get/${lid}`)).json();
	expect(stored.lead ?? stored).toMatchObject({ ...LEAD, source: 'ai-agent' });
});

test('the agent runs the receivables report for the date the model filled and sums what it returned', async () => {
	const { records } = await (await fetch(`${simulator.url}/__simulator/state/customers`)).json();
	const owing = records
		.filter((c) => c.deptid === 1 && c.balance > 0)
		.sort((a, b) => b.balance - a.balance);
	const total = owing.reduce((sum, c) => sum + c.balance, 0);
	expect(owing.length).toBeGreaterThan(1);
	expect(agentAnswers()[2]).toBe(
		`${owing.length} customers owe $${total.toFixed(2)} in all: ${owing.map((c) => c.cid).join(', ')}.`,
	);
	const reports = recorder.seen.filter((r) => r.line === 'POST /report').map((r) => r.body);
	expect(reports).toEqual([{ report: 'agedReceivables', report_options: expect.any(Object) }]);
	// Today in Melbourne when the model filled it: the day the run started, or the next if Melbourne's midnight
	// fell during the run (a CI run at 13:00 UTC met it).
	expect([TODAY, melbourneToday()]).toContain(reports[0].report_options.date);
});

test('a customer named by its company is found, and its balance read, before the answer', async () => {
	const { records } = await (await fetch(`${simulator.url}/__simulator/state/customers`)).json();
	const balance = records.find((c) => c.cid === 1002).balance;
	expect(agentAnswers()[3]).toBe(
		`${byCompany.company} is customer 1002; it owes $${balance.toFixed(2)}.`,
	);
	expect(seenLines()).toContain('GET /customer/balance/1002');
	expect(seenLines()).toContain('GET /customer/getAll');
});

test('each question used only its own tool: no other request reached the platform', () => {
	const company = encodeURIComponent(byCompany.company);
	const firstWord = encodeURIComponent(byCompany.company.split(' ')[0]);
	expect(seenLines().sort()).toEqual(
		[
			'GET /customer/balance/1001',
			'POST /leads/add',
			'POST /report',
			// The company: not an ID, account_id or crm_id (the platform says so), then the customer list, a
			// search for exactly that company (no inactive twin), and a person's name are looked at, then the
			// balance of the one customer found. Searched as given: the platform may compare case. A path with the
			// found ID is read once first to prove it reaches that customer (its digits could be another
			// customer's crm_id), then the tool's own read.
			`GET /customer/balance/${company}`,
			'GET /customer/balance/1002',
			'GET /customer/getAll',
			`GET /customer/search/company/${company}`,
			`GET /customer/search/name/${firstWord}`,
			'GET /customer/balance/1002',
		].sort(),
	);
});
