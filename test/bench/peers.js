#!/usr/bin/env node
// npm run bench:peers [-- N] [--n8n <line>]: the package's per-item operations in a real n8n against the node a
// user would otherwise use, n8n's own HTTP Request, making the same calls. One n8n line a run (the newest by
// default), `n8n execute` per workflow; the simulator at 50 ms latency behind a counting proxy (requests sent,
// peak in flight); the credential's Max Requests at Once 5. Each figure is the node's own execution time from
// n8n's run data (n8n's start-up is not in it); ratios are taken within this one run:
// - to the ideal at the limit: N requests × latency / limit (what 5 requests always in flight would take);
// - to HTTP Request batched at the same rate (5 items every 50 ms), and unbatched (every item at once).
// A ratio is not printed when any item failed, or when the package had more requests in flight than its limit.
const { spawn } = require('node:child_process');
const http = require('node:http');
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { ensureN8n, n8nCli, n8nEnv, requestedVersion } = require('../sandbox/n8n.js');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');
const { freePort } = require('../sandbox/waiting.js');

const TOTAL = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 2000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS || 50);
const LIMIT = 5;
const KEY = 'demo-key-0001';
const CREDENTIAL = { telcoBillingApi: { id: 'telcoPeers', name: 'Telco Billing (peers)' } };

/** A proxy in front of the simulator that counts what reaches the platform: requests, and most at once. */
function countingProxy(target) {
	const upstream = new URL(target);
	const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
	const counts = { requests: 0, inFlight: 0, peak: 0, first: 0, last: 0, busyMs: 0 };
	const server = http.createServer((req, res) => {
		counts.requests++;
		const began = Date.now();
		if (!counts.first) counts.first = began;
		counts.peak = Math.max(counts.peak, ++counts.inFlight);
		let ended = false;
		const done = () => {
			if (ended) return;
			counts.inFlight--;
			ended = true;
			counts.last = Date.now();
			counts.busyMs += counts.last - began;
		};
		const forward = http.request(
			{
				host: upstream.hostname,
				port: upstream.port,
				method: req.method,
				path: req.url,
				headers: req.headers,
				agent,
			},
			(answer) => {
				res.writeHead(answer.statusCode, answer.headers);
				answer.pipe(res);
				answer.on('end', done);
			},
		);
		forward.on('error', (error) => {
			done();
			res.writeHead(502).end(String(error));
		});
		res.on('close', done);
		req.pipe(forward);
	});
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () =>
			resolve({
				url: `http://127.0.0.1:${server.address().port}`,
				counts,
				reset: () =>
					Object.assign(counts, {
						requests: 0,
						peak: counts.inFlight,
						first: 0,
						last: 0,
						busyMs: 0,
					}),
				close: () => {
					server.closeAllConnections();
					server.close();
					agent.destroy();
				},
			}),
		),
	);
}

async function call(url, method = 'GET', body) {
	const response = await fetch(url, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return await response.json();
}

/** N customers of the bench's own, made straight on the simulator (no latency yet): their cids and emails. */
async function seedCustomers(base) {
	const rows = [];
	for (let start = 0; start < TOTAL; start += 50) {
		const batch = Array.from({ length: Math.min(50, TOTAL - start) }, (_, k) => start + k);
		rows.push(
			...(await Promise.all(
				batch.map(async (i) => {
					const customer = {
						company: `Peers Bench ${i} Pty Ltd`,
						name: 'Bench',
						surname: `Customer${i}`,
						email: `bench${i}@peers.example`,
						mobile: '0400000000',
					};
					const answer = await call(`${base}/${KEY}/customer/add`, 'POST', customer);
					if (!(Number(answer.id) > 0)) throw new Error(`seeding: ${JSON.stringify(answer)}`);
					return { cid: String(answer.id), email: customer.email, company: customer.company };
				}),
			)),
		);
	}
	return rows;
}

const node = (name, type, typeVersion, parameters, position, extra = {}) => ({
	id: name.replace(/\W/g, ''),
	name,
	type,
	typeVersion,
	parameters,
	position: [position * 220, 0],
	...extra,
});

/** Manual Trigger → Edit Fields (the rows as one JSON array) → Split Out: one item per row, as a user makes them. */
function itemsNodes(rows) {
	return [
		node('Start', 'n8n-nodes-base.manualTrigger', 1, {}, 0),
		node(
			'Rows',
			'n8n-nodes-base.set',
			3.4,
			{ mode: 'raw', jsonOutput: JSON.stringify({ rows }), options: {} },
			1,
		),
		node('Items', 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'rows', options: {} }, 2),
	];
}

function workflow(id, rows, tail) {
	const nodes = [...itemsNodes(rows), ...tail];
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++)
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return { id, name: id, active: false, nodes, connections, settings: { executionOrder: 'v1' } };
}

const BATCHED = { batching: { batch: { batchSize: LIMIT, batchInterval: LATENCY_MS } } };

function httpNode(name, position, { method = 'GET', url, body, batched }) {
	return node(
		name,
		'n8n-nodes-base.httpRequest',
		4.2,
		{
			method,
			url,
			...(body
				? {
						sendBody: true,
						bodyParameters: {
							parameters: Object.entries(body).map(([key, value]) => ({ name: key, value })),
						},
					}
				: {}),
			options: batched ? BATCHED : {},
		},
		position,
	);
}

const packageNode = (name, parameters) =>
	node(name, 'CUSTOM.telcoBillingCustomer', 1, parameters, 3, { credentials: CREDENTIAL });

const byId = (expression) => ({ __rl: true, mode: 'id', value: expression });

/** The scenarios: one per operation, the package's node and the HTTP Request nodes making the same calls. */
function scenarios(api) {
	const balanceUrl = `=${api}/customer/balance/{{ $json.cid }}`;
	const updateUrl = `=${api}/customer/update/{{ $json.cid }}`;
	const mobile = { mobile: '={{ $json.mobile }}' };
	// The chain's second node reads the row through n8n's item pairing, as a user maps it.
	const searchUrl = `=${api}/customer/search/email/{{ $json.email }}`;
	const chainUpdateUrl = `=${api}/customer/update/{{ $('Items').item.json.cid }}`;
	const chainMobile = { mobile: "={{ $('Items').item.json.mobile }}" };
	return [
		{
			operation: 'Get Balance',
			requestsPerItem: 1,
			rows: (base) => base,
			ok: (json) => json.success === true && json.balance !== undefined,
			runs: [
				[
					'package: Customer → Get Balance',
					[
						packageNode('Node', {
							resource: 'customer',
							operation: 'getBalance',
							cid: byId('={{ $json.cid }}'),
						}),
					],
				],
				[
					'HTTP Request, batched 5 every 50 ms',
					[httpNode('Node', 3, { url: balanceUrl, batched: true })],
				],
				['HTTP Request, unbatched', [httpNode('Node', 3, { url: balanceUrl })]],
			],
		},
		{
			operation: 'Update',
			requestsPerItem: 1,
			// A new mobile every run, so every update changes something.
			rows: (base, run) =>
				base.map((row, i) => ({
					...row,
					mobile: `04${String(run * 100000 + i).padStart(8, '0')}`,
				})),
			ok: (json) => json.success === true,
			runs: [
				[
					'package: Customer → Update',
					[
						packageNode('Node', {
							resource: 'customer',
							operation: 'update',
							cid: byId('={{ $json.cid }}'),
							updateFields: mobile,
						}),
					],
				],
				[
					'HTTP Request, batched 5 every 50 ms',
					[httpNode('Node', 3, { method: 'POST', url: updateUrl, body: mobile, batched: true })],
				],
				[
					'HTTP Request, unbatched',
					[httpNode('Node', 3, { method: 'POST', url: updateUrl, body: mobile })],
				],
			],
		},
		{
			operation: 'Create or Update',
			// Two requests an item, for the package (its search by email, then the update) and for the chain.
			requestsPerItem: 2,
			// A nightly sync's rows: the ID an earlier run wrote back, the email, a mobile changed since.
			rows: (base, run) =>
				base.map((row, i) => ({
					...row,
					mobile: `04${String(run * 100000 + i).padStart(8, '0')}`,
				})),
			ok: (json) => json.success === true || json.action === 'updated',
			runs: [
				[
					'package: Customer → Create or Update',
					[
						packageNode('Node', {
							resource: 'customer',
							operation: 'upsert',
							email: '={{ $json.email }}',
							knownCid: '={{ $json.cid }}',
							customerFields: mobile,
						}),
					],
				],
				[
					'HTTP Request ×2, batched 5 every 50 ms',
					[
						httpNode('Search', 3, { url: searchUrl, batched: true }),
						httpNode('Write', 4, {
							method: 'POST',
							url: chainUpdateUrl,
							body: chainMobile,
							batched: true,
						}),
					],
				],
				[
					'HTTP Request ×2, unbatched',
					[
						httpNode('Search', 3, { url: searchUrl }),
						httpNode('Write', 4, { method: 'POST', url: chainUpdateUrl, body: chainMobile }),
					],
				],
			],
		},
	];
}

// BENCH_CPU_PROF=<folder>: a CPU profile of every n8n run (open the .cpuprofile files in Chrome's DevTools).
const PROFILE = process.env.BENCH_CPU_PROF
	? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
	: [];
const EXECUTE = (n8n, id) => [...PROFILE, n8n.bin, 'execute', `--id=${id}`, '--rawOutput'];

/** `n8n execute` without blocking this process (the proxy answers from it): its run data, parsed. */
function execute(n8n, env, id) {
	return new Promise((resolve, reject) => {
		const child = spawn(n8n.node, EXECUTE(n8n, id), {
			env: { ...env, N8N_LOG_LEVEL: 'info' },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const out = [];
		let err = '';
		child.stdout.on('data', (chunk) => out.push(chunk));
		child.stderr.setEncoding('utf8').on('data', (chunk) => (err += chunk));
		child.on('error', reject);
		child.on('close', (status) => {
			const stdout = Buffer.concat(out).toString('utf8');
			const lines = stdout.split('\n');
			const first = lines.indexOf('{');
			const last = lines.lastIndexOf('}');
			if (status !== 0 || first < 0)
				return reject(
					new Error(
						`n8n execute ${id} failed (exit ${status}):\n${stdout.slice(-2000)}\n${err.slice(-2000)}`,
					),
				);
			const run = JSON.parse(lines.slice(first, last + 1).join('\n'));
			resolve(run.data?.resultData?.runData ?? run.resultData?.runData ?? run.runData);
		});
	});
}

/** The nodes after Split Out: their time added, their last node's items judged. */
function measured(runData, tail, ok) {
	const names = tail.map((n) => n.name);
	const seconds = names.reduce((sum, name) => sum + runData[name][0].executionTime, 0) / 1000;
	const started = runData[names[0]][0].startTime;
	const items = runData[names[names.length - 1]][0].data.main.flat();
	const failed = items.filter((item) => item.json.error !== undefined || !ok(item.json)).length;
	return {
		seconds,
		started,
		items: items.length,
		failed,
		example: items.find((i) => !ok(i.json))?.json,
	};
}

function format(x, digits = 2) {
	return Number.isFinite(x) ? x.toFixed(digits) : '-';
}

async function main() {
	const n8n = await ensureN8n({
		version: requestedVersion(process.argv.slice(2)),
		log: (l) => console.error(l),
	});
	const folder = mkdtempSync(join(tmpdir(), 'n8n-telco-peers-'));
	const { child, url } = await spawnSimulator(ON_FREE_PORTS);
	const proxy = await countingProxy(url);
	try {
		const base = await seedCustomers(url);
		await call(`${url}/__simulator/faults`, 'POST', { latency: LATENCY_MS });
		const env = n8nEnv(n8n, folder, {
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			// e.g. BENCH_NODE_OPTIONS='--require ./probe.js' to look inside the n8n runs.
			...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
		});
		writeFileSync(
			join(folder, 'credentials.json'),
			JSON.stringify([
				{
					id: 'telcoPeers',
					name: 'Telco Billing (peers)',
					type: 'telcoBillingApi',
					data: { baseUrl: proxy.url, apiKey: KEY, maxConcurrency: LIMIT },
				},
			]),
		);
		n8nCli(n8n, ['import:credentials', `--input=${join(folder, 'credentials.json')}`], env);
		const ideal = (TOTAL * LATENCY_MS) / LIMIT / 1000;
		console.log(
			`Per-item operations in n8n ${n8n.version} (Node ${n8n.nodeVersion}), ${TOTAL.toLocaleString('en')} items, ` +
				`${LATENCY_MS} ms latency, Max Requests at Once ${LIMIT}: ideal at the limit ${format(ideal)} s a request per item`,
		);
		let run = 0;
		let missed = false;
		for (const scenario of scenarios(`${proxy.url}/${KEY}`)) {
			console.log(`\n${scenario.operation}`);
			const results = [];
			for (const [label, tail] of scenario.runs) {
				run++;
				const id = `peers${run}`;
				const file = join(folder, `${id}.json`);
				writeFileSync(file, JSON.stringify(workflow(id, scenario.rows(base, run), tail)));
				n8nCli(n8n, ['import:workflow', `--input=${file}`], env);
				proxy.reset();
				const runData = await execute(n8n, env, id);
				const result = {
					label,
					...measured(runData, tail, scenario.ok),
					...proxy.counts,
					package: label.startsWith('package'),
				};
				results.push(result);
				const verdict =
					result.failed || result.items !== TOTAL
						? `  ${result.failed} of ${result.items} items FAILED, e.g. ${JSON.stringify(result.example).slice(0, 200)}`
						: '';
				console.log(
					`  ${label.padEnd(40)} ${format(result.seconds).padStart(7)} s ${format(TOTAL / result.seconds, 0).padStart(6)} items/s` +
						`  requests ${String(result.requests).padStart(6)}  peak in flight ${String(result.peak).padStart(4)}` +
						`  first request after ${format((result.first - result.started) / 1000)} s` +
						`  answered in ${format(result.busyMs / result.requests, 1)} ms${verdict}`,
				);
			}
			const [own, batched, unbatched] = results;
			const sound = results.every((r) => r.failed === 0 && r.items === TOTAL) && own.peak <= LIMIT;
			if (!sound) {
				missed = true;
				console.log(
					`  no ratios: ${own.peak > LIMIT ? `the package had ${own.peak} requests in flight (limit ${LIMIT})` : 'an item failed'}`,
				);
				continue;
			}
			const idealOwn = ideal * scenario.requestsPerItem;
			console.log(
				`  package / ideal at the limit ${format(idealOwn / own.seconds)}   package / HTTP Request batched ${format(batched.seconds / own.seconds)}x` +
					`   package / HTTP Request unbatched ${format(unbatched.seconds / own.seconds)}x`,
			);
		}
		if (missed) process.exitCode = 1;
	} finally {
		proxy.close();
		child.kill('SIGTERM');
		rmSync(folder, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
