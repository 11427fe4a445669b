// An AI agent and an MCP client answering in the editor's chat, from the simulator. The chat model is the
// scripted one (fakeChatModel.js, agentScenarios.js): it can only repeat what a tool returned, so an answer that
// holds the simulator's balance shows the tool reached the simulator through n8n.
//
// - The AI agent example as shipped, with a chat trigger added in front of its agent: the example starts at a
//   Manual Trigger, and n8n's editor offers its chat only to a workflow with a chat trigger.
// - An MCP client: n8n's AI Agent whose only tool is n8n's MCP Client Tool, connected to the MCP example's
//   published MCP Server Trigger with the sandbox's Bearer token. Its answer can come from nowhere else.
const { randomUUID } = require('node:crypto');
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { sleep } = require('../sandbox/waiting.js');

const AGENT_EXAMPLE = 'ai-agent-balance.json';
const MCP_EXAMPLE = 'mcp-billing-assistant.json';
const MCP_CLIENT = { id: 'telcoEditorCheckMcpClient', file: 'mcp-client.json' };
const MODEL_CREDENTIAL = {
	openAiApi: { id: 'telcoSandboxModel', name: 'Scripted model (sandbox)' },
};
const MCP_CREDENTIAL = { httpBearerAuth: { id: 'telcoSandboxMcp', name: 'MCP clients (sandbox)' } };

const node = (name, type, typeVersion, position, parameters, extra = {}) => ({
	id: `editor-check-${name.replace(/\W+/g, '-').toLowerCase()}`,
	name,
	type,
	typeVersion,
	position,
	parameters,
	...extra,
});

const link = (to, type = 'main') => ({ [type]: [[{ node: to, type, index: 0 }]] });

function chatTrigger(position) {
	return node(
		'When chat message received',
		'@n8n/n8n-nodes-langchain.chatTrigger',
		1.1,
		position,
		{ options: {} },
		{ webhookId: randomUUID() },
	);
}

/** The example with a chat trigger whose message becomes the `question` its agent reads. */
function agentByChat(example) {
	const agent = example.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.agent');
	const start = example.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
	// Under the example's own trigger, clear of its note and of the agent's tools.
	const [x, y] = start.position;
	const question = node('Chat Message as Question', 'n8n-nodes-base.set', 3.4, [x + 220, y + 240], {
		assignments: {
			assignments: [
				{ id: 'question', name: 'question', value: '={{ $json.chatInput }}', type: 'string' },
			],
		},
		options: {},
	});
	return {
		...example,
		nodes: [...example.nodes, chatTrigger([x, y + 240]), question],
		connections: {
			...example.connections,
			'When chat message received': link(question.name),
			[question.name]: link(agent.name),
		},
	};
}

/** A chat with n8n's AI Agent whose one tool is n8n's MCP Client Tool, pointed at `mcpUrl`. */
function mcpClientWorkflow(mcpUrl) {
	return {
		id: MCP_CLIENT.id,
		name: 'Editor check: an MCP client of the billing assistant',
		active: false,
		nodes: [
			chatTrigger([0, 0]),
			node('MCP Client Agent', '@n8n/n8n-nodes-langchain.agent', 3, [260, 0], {
				promptType: 'define',
				text: '={{ $json.chatInput }}',
				options: {},
			}),
			node(
				'Chat Model',
				'@n8n/n8n-nodes-langchain.lmChatOpenAi',
				1.3,
				[180, 240],
				{
					model: { __rl: true, mode: 'id', value: 'gpt-4o-mini' },
					responsesApiEnabled: false,
					options: {},
				},
				{ credentials: MODEL_CREDENTIAL },
			),
			node(
				'Telco Billing MCP',
				'@n8n/n8n-nodes-langchain.mcpClientTool',
				1.2,
				[400, 240],
				{
					endpointUrl: mcpUrl,
					serverTransport: 'httpStreamable',
					authentication: 'bearerAuth',
					include: 'all',
					options: {},
				},
				{ credentials: MCP_CREDENTIAL },
			),
		],
		connections: {
			'When chat message received': link('MCP Client Agent'),
			'Chat Model': link('MCP Client Agent', 'ai_languageModel'),
			'Telco Billing MCP': link('MCP Client Agent', 'ai_tool'),
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

/**
 * Writes the three workflows into `folder` (from the examples prepareImports wrote to `examples`): the agent
 * example with its chat, the MCP example as shipped, and the MCP client of its trigger at `n8nUrl`.
 */
function prepareAiWorkflows(examples, folder, n8nUrl) {
	const read = (file) => JSON.parse(readFileSync(join(examples, file), 'utf8'));
	const agent = agentByChat(read(AGENT_EXAMPLE));
	const server = read(MCP_EXAMPLE);
	const path = server.nodes.find((n) => n.type.endsWith('.mcpTrigger')).parameters.path;
	writeFileSync(join(folder, AGENT_EXAMPLE), JSON.stringify(agent));
	writeFileSync(join(folder, MCP_EXAMPLE), JSON.stringify(server));
	writeFileSync(
		join(folder, MCP_CLIENT.file),
		JSON.stringify(mcpClientWorkflow(`${n8nUrl}/mcp/${path}`)),
	);
	return { agentId: agent.id, serverId: server.id, clientId: MCP_CLIENT.id };
}

/** Opens the workflow's chat, sends the question and waits for the answer the chat shows. */
async function chatAnswer(page, editor, workflowId, question) {
	await page.goto(`${editor}/workflow/${workflowId}`, { waitUntil: 'networkidle2' });
	await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 30000 });
	const chatInput = 'textarea[data-test-id="chat-input"]:not([disabled])';
	await page.waitForSelector('[data-test-id="workflow-chat-button"]', { timeout: 15000 });
	await sleep(500);
	// The editor keeps the chat open from one workflow to the next, and the button then hides it.
	const shown = await page.$(chatInput);
	if (!(await shown?.isVisible())) await page.click('[data-test-id="workflow-chat-button"]');
	// The panel slides open: keys typed before it is ready are lost.
	const input = await page.waitForSelector(chatInput, { visible: true, timeout: 15000 });
	await sleep(500);
	await input.click();
	await input.type(question);
	const typed = await input.evaluate((e) => e.value);
	if (typed !== question) throw new Error(`the chat input holds "${typed}"`);
	await page.keyboard.press('Enter');
	const answer = await page
		.waitForFunction(
			() => {
				const bot = [...document.querySelectorAll('.chat-message-from-bot')].filter(
					(e) => !e.closest('[data-test-id="chat-message-typing"]'),
				);
				return bot.at(-1)?.innerText.trim() || false;
			},
			{ timeout: 90000, polling: 250 },
		)
		.then((handle) => handle.jsonValue());
	await page.click('[data-test-id="zoom-to-fit"]');
	await page.mouse.move(1, 1);
	await sleep(500);
	return answer;
}

/** What the simulator holds as the customer's balance, as the answers write it. */
async function simulatorBalance(simulatorUrl, apiKey, cid) {
	const answer = await fetch(
		`${simulatorUrl}/${encodeURIComponent(apiKey)}/customer/balance/${cid}`,
	);
	return `$${Number((await answer.json()).balance).toFixed(2)}`;
}

/**
 * Asks the agent example about customer 1001, and the MCP client about another customer who owes something, by
 * its company name, in the editor's chat; each answer must hold the balance the simulator holds (and the
 * customer the name was resolved to), and the MCP question must have run the MCP example's workflow.
 * Screenshots: agent-answer.png, mcp-answer.png.
 */
async function aiAnswers(page, { editor, simulatorUrl, apiKey, ids, rest, shot }, problems) {
	const { records } = await (await fetch(`${simulatorUrl}/__simulator/state/customers`)).json();
	// Owing something, so the answer cannot hold its $0.00 by chance.
	const owing = records.find((c) => c.deptid === 1 && c.cid !== 1001 && c.balance > 0);
	const mcpServerRuns = async () => {
		const filter = encodeURIComponent(JSON.stringify({ workflowId: ids.serverId }));
		return (await rest(page, 'GET', `/executions?filter=${filter}`)).results.length;
	};
	const views = [
		{ file: 'agent-answer', id: ids.agentId, question: 'What does customer 1001 owe?', cid: 1001 },
		{
			file: 'mcp-answer',
			id: ids.clientId,
			question: `How much does ${owing.company} owe?`,
			cid: owing.cid,
			viaMcp: true,
		},
	];
	for (const { file, id, question, cid, viaMcp } of views) {
		const before = await mcpServerRuns();
		const answer = await chatAnswer(page, editor, id, question).catch((error) => {
			problems.push(`${file}: no answer to "${question}" (${error.message})`);
			return undefined;
		});
		await shot(page, file);
		if (answer === undefined) continue;
		const balance = await simulatorBalance(simulatorUrl, apiKey, cid);
		console.log(`  ${file}: "${question}" → "${answer}" (the simulator holds ${balance})`);
		if (!answer.includes(balance) || !answer.includes(String(cid)))
			problems.push(
				`${file}: the answer "${answer}" lacks customer ${cid} or the simulator's balance ${balance}`,
			);
		if (viaMcp && (await mcpServerRuns()) === before)
			problems.push(`${file}: the MCP example's workflow did not run for "${question}"`);
	}
}

module.exports = { aiAnswers, prepareAiWorkflows };
