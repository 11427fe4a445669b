// The package's tools served to MCP clients by n8n's MCP Server Trigger, in a real n8n under `n8n start`: the
// MCP example (examples/mcp-billing-assistant.json) imported and published, its tools pointed at the simulator
// through a recorder (so the test sees every request a tool made), and the official MCP TypeScript SDK's
// client connecting as Claude Desktop or an IDE would: it lists the tools, calls them, and each answer must
// be the simulator's (values only it has, requests it received). Both transports the trigger's one URL
// speaks are used: streamable HTTP and SSE. TELCO_E2E_KEEP=1 keeps n8n's folder and log.
const { melbourneToday } = require('../sandbox/agentScenarios.js');
const { DEMO_KEY, startMcpExample, toolAnswer } = require('../sandbox/mcpExample.js');

const TODAY = melbourneToday();

const log = (line) =>
	process.stderr.write(`[mcp e2e ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

let example;
let simulator;
let recorder;
let mcpUrl;
let client;
let connect;

async function simulatorJson(path, init) {
	return await (await fetch(`${simulator.url}${path}`, init)).json();
}

/** The JSON a tool call answered with, not flagged an error. */
function answerOf(result) {
	expect(result.isError).toBeFalsy();
	return toolAnswer(result);
}

beforeAll(async () => {
	example = await startMcpExample({ log });
	({ simulator, recorder, mcpUrl, client, connect } = example);
}, 600_000);

afterAll(async () => {
	await example?.close();
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
