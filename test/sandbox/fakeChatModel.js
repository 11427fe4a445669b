// A scripted chat model with OpenAI's Chat Completions API on 127.0.0.1, for running n8n's AI Agent offline.
// It does not hard-code our tools: each scenario picks a tool from the `tools` array n8n sends (by its name or
// description) and fills the parameters that tool's JSON schema asks for. Once the tool's result comes back, it
// answers with text built from that result, so an answer can only hold what the tool returned.
const { createServer } = require('node:http');

/** The text of a message's content, whether a string or a list of content parts. */
function textOf(content) {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) return content.map((part) => part?.text ?? '').join('');
	return '';
}

/** The JSON a tool answered with, when it is JSON (n8n sends a node tool's items as JSON text). */
function parsed(text) {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

/**
 * One turn of a conversation: a tool call while the scenario's tool has not answered, then the final text.
 * A scenario is { prompt: RegExp, tool: RegExp, fill(parameters, tool, question) => arguments,
 * answer(result, question) => text }.
 */
function turn(body, scenarios) {
	const messages = body.messages ?? [];
	const question = textOf(messages.filter((m) => m.role === 'user').at(-1)?.content);
	const scenario = scenarios.find((s) => s.prompt.test(question));
	if (!scenario) throw new Error(`no scenario for the question ${JSON.stringify(question)}`);
	const results = messages.filter((m) => m.role === 'tool');
	if (results.length > 0)
		return { content: scenario.answer(parsed(textOf(results.at(-1).content)), question) };
	const tools = (body.tools ?? []).map((t) => t.function).filter(Boolean);
	// By name first, as a model reads a tool list: a description may name another tool ("give Customer
	// Balance the company instead"), and the tools' order is n8n's, not ours.
	const tool =
		tools.find((t) => scenario.tool.test(String(t.name).replace(/_/g, ' '))) ??
		tools.find((t) => scenario.tool.test(`${t.name}\n${t.description ?? ''}`));
	if (!tool) {
		const offered = tools.map((t) => `${t.name}: ${t.description}`).join('; ') || 'none';
		throw new Error(`no offered tool matches ${scenario.tool} (offered: ${offered})`);
	}
	const args = scenario.fill(tool.parameters ?? {}, tool, question);
	return {
		call: {
			id: `call_${Date.now().toString(36)}`,
			name: tool.name,
			arguments: JSON.stringify(args),
		},
	};
}

function completion(model, reply) {
	const message = reply.call
		? {
				role: 'assistant',
				content: null,
				tool_calls: [{ id: reply.call.id, type: 'function', function: reply.call }],
			}
		: { role: 'assistant', content: reply.content };
	return {
		id: `chatcmpl-${Date.now().toString(36)}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model,
		choices: [{ index: 0, message, finish_reason: reply.call ? 'tool_calls' : 'stop' }],
		usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
	};
}

/** The same reply as server-sent chunks, for a client that asked for a stream. */
function chunks(model, reply) {
	const base = {
		id: `chatcmpl-${Date.now().toString(36)}`,
		object: 'chat.completion.chunk',
		model,
	};
	const created = Math.floor(Date.now() / 1000);
	const delta = reply.call
		? {
				role: 'assistant',
				tool_calls: [{ index: 0, id: reply.call.id, type: 'function', function: reply.call }],
			}
		: { role: 'assistant', content: reply.content };
	const finish = reply.call ? 'tool_calls' : 'stop';
	return [
		{ ...base, created, choices: [{ index: 0, delta, finish_reason: null }] },
		{ ...base, created, choices: [{ index: 0, delta: {}, finish_reason: finish }] },
	]
		.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
		.concat('data: [DONE]\n\n')
		.join('');
}

/**
 * Starts the model on `port` (a free one by default). `requests` keeps every chat request's body (what n8n sent the model);
 * a request no scenario fits is answered with an OpenAI-style error, which n8n shows in the agent's error.
 */
function startFakeChatModel(scenarios, port = 0) {
	const requests = [];
	const server = createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', () => {
			const send = (status, body, type = 'application/json') => {
				res.writeHead(status, { 'content-type': type });
				res.end(typeof body === 'string' ? body : JSON.stringify(body));
			};
			if (req.method === 'GET' && req.url.endsWith('/models'))
				return send(200, { object: 'list', data: [{ id: 'scripted', object: 'model' }] });
			if (req.method !== 'POST' || !req.url.endsWith('/chat/completions'))
				return send(404, {
					error: { message: `not here: ${req.method} ${req.url}`, type: 'invalid_request_error' },
				});
			const body = parsed(raw);
			requests.push(body);
			let reply;
			try {
				reply = turn(body, scenarios);
			} catch (error) {
				return send(400, {
					error: { message: `scripted model: ${error.message}`, type: 'invalid_request_error' },
				});
			}
			if (body.stream) return send(200, chunks(body.model, reply), 'text/event-stream');
			return send(200, completion(body.model, reply));
		});
	});
	return new Promise((resolve) => {
		server.listen(port, '127.0.0.1', () => {
			const url = `http://127.0.0.1:${server.address().port}/v1`;
			const close = () =>
				new Promise((done) => {
					server.closeAllConnections();
					server.close(() => done());
				});
			resolve({ url, requests, close });
		});
	});
}

module.exports = { startFakeChatModel };
