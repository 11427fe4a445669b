#!/usr/bin/env node
// node test/bench/mcp-tool.js [N]: what one tool call through MCP adds to the platform's own answer. The MCP
// example published in a real n8n (the newest line; --n8n <line> for another), the official MCP SDK's client
// calling Customer Balance N times one after another (by ID, then by company: a name takes the customer list,
// a search and the balance), against the same requests sent straight to the simulator. Medians, in ms.
const { performance } = require('node:perf_hooks');
const { DEMO_KEY, startMcpExample, toolAnswer } = require('../sandbox/mcpExample.js');

const TOTAL = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 40);
const WARM = 3;

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

async function timedCalls(call) {
	const times = [];
	for (let i = 0; i < WARM + TOTAL; i++) {
		const start = performance.now();
		await call(i);
		if (i >= WARM) times.push(performance.now() - start);
	}
	return median(times);
}

async function main() {
	const example = await startMcpExample({ log: (line) => console.error(line) });
	const { client, simulator, recorder } = example;
	try {
		const customers = (await (await fetch(`${simulator.url}/__simulator/state/customers`)).json())
			.records;
		const target = customers.find((c) => c.cid === 1004);
		const direct = async (path) =>
			await (await fetch(`${simulator.url}/${DEMO_KEY}${path}`)).json();
		const tool = async (args) => {
			const result = await client.callTool({ name: 'Customer_Balance', arguments: args });
			if (result.isError) throw new Error(JSON.stringify(result.content));
			return toolAnswer(result);
		};
		const byId = await timedCalls(() => tool({ customerId: 1004 }));
		const byIdDirect = await timedCalls(() => direct('/customer/balance/1004'));
		const before = recorder.seen.length;
		await tool({ customer: target.company });
		const nameRequests = recorder.seen.slice(before).map((r) => r.line);
		const byName = await timedCalls(() => tool({ customer: target.company }));
		const byNameDirect = await timedCalls(async () => {
			for (const line of nameRequests) await direct(line.replace(/^GET /, ''));
		});
		console.log(
			`One MCP tool call (Customer Balance) in n8n ${example.n8n.version}, median of ${TOTAL} calls after ${WARM} warm-up:`,
		);
		console.log(
			`  by ID:      ${byId.toFixed(1)} ms through MCP, ${byIdDirect.toFixed(1)} ms the platform's own answer: ` +
				`${(byId - byIdDirect).toFixed(1)} ms added`,
		);
		console.log(
			`  by company: ${byName.toFixed(1)} ms through MCP, ${byNameDirect.toFixed(1)} ms for its ${nameRequests.length} ` +
				`requests straight to the platform (${nameRequests.join(', ')}): ${(byName - byNameDirect).toFixed(1)} ms added`,
		);
	} finally {
		await example.close();
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
