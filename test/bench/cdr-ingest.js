#!/usr/bin/env node
// npm run bench: CDR ingestion through the node in n8n's engine, against a raw batched HTTP loop (the
// limit) and one request per CDR (what users do today), all against the simulator in its own process.
// Plain JavaScript so the shipped-code lint rules (no process, no console) stay strict for every .ts file.
require('tsx/cjs');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-telco-bench-'));
const { runNode, shutdownEngine } = require('../harness/engine.ts');
const {
	TelcoBillingCallRecord,
} = require('../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node.ts');
const { State } = require('../simulator/state.ts');
const seed = require('../simulator/seed.json');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');
const { cdrRecords } = require('../sandbox/cdrCsv.js');

const TOTAL = Number(process.env.BENCH_CDRS || 100_000);
const PER_ITEM_SAMPLE = Number(process.env.BENCH_PER_ITEM || 5_000);
const BATCH = 500;
const KEY = 'demo-key-0001';

async function post(url, body) {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	return await response.json();
}

async function raw(base, records) {
	for (let i = 0; i < records.length; i += BATCH) {
		const results = await post(`${base}/${KEY}/cdr/multiple/add`, records.slice(i, i + BATCH));
		if (!Array.isArray(results) || results.some((r) => r.success !== true))
			throw new Error('raw batch refused');
	}
}

async function perItem(base, records) {
	for (const record of records) {
		const result = await post(`${base}/${KEY}/cdr/add`, record);
		if (result.success !== true) throw new Error('per-item add refused');
	}
}

async function viaNode(base, records, parallelBatches = 2) {
	const result = await runNode({
		nodeType: new TelcoBillingCallRecord(),
		parameters: { operation: 'addMany', dataMode: 'autoMap', batchSize: BATCH, parallelBatches },
		credentials: { baseUrl: base, apiKey: KEY },
		input: records,
	});
	if (result.error || result.items.length !== records.length)
		throw new Error(`node run failed: ${result.error?.message}`);
}

const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);

async function timed(label, count, run) {
	let peak = process.memoryUsage().rss;
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
	const start = performance.now();
	await run();
	const seconds = (performance.now() - start) / 1000;
	clearInterval(sampler);
	const rate = count / seconds;
	console.log(
		`  ${label.padEnd(34)} ${String(count).padStart(7)} CDRs  ${seconds.toFixed(2).padStart(6)}` +
			` s  ${Math.round(rate).toLocaleString('en').padStart(7)}` +
			` CDR/s  peak RSS ${Math.round(peak / 1048576)} MB`,
	);
	return rate;
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

function simulatorInsertRate() {
	const state = new State(seed);
	const records = cdrRecords('sim', TOTAL);
	const start = performance.now();
	for (const record of records)
		state.cdrs.insert('demo-switch', 1, {
			...record,
			enddate: null,
			accountcode: '',
			did: '',
			destination_info: '',
			application: '',
			cost: null,
			privacy_flag: 0,
		});
	state.cdrs.rate();
	return TOTAL / ((performance.now() - start) / 1000);
}

async function main() {
	const { child, url } = await spawnSimulator(ON_FREE_PORTS);
	const sim = { url, stop: () => child.kill('SIGTERM') };
	try {
		console.log(
			`CDR ingestion benchmark: ${TOTAL.toLocaleString('en')} CDRs, batch size ${BATCH}, simulator at ${sim.url} (own process)\n`,
		);
		await viaNode(sim.url, cdrRecords('warm-node', 5_000));
		await raw(sim.url, cdrRecords('warm-raw', 5_000));
		await perItem(sim.url, cdrRecords('warm-item', 500));

		// Rounds alternate the paths and start from an empty CDR store, so neither gains from the order;
		// each path's median rate is compared.
		const rates = { raw: [], node: [], serial: [], item: [] };
		for (let round = 1; round <= ROUNDS; round++) {
			console.log(`round ${round} of ${ROUNDS}`);
			const reset = () => fetch(`${sim.url}/__simulator/cdrs/reset`, { method: 'POST' });
			await reset();
			rates.raw.push(
				await timed('raw batched fetch loop (the limit)', TOTAL, () =>
					raw(sim.url, cdrRecords(`raw${round}`, TOTAL)),
				),
			);
			await reset();
			rates.node.push(
				await timed('node Add Many (default, 2 in flight)', TOTAL, () =>
					viaNode(sim.url, cdrRecords(`node${round}`, TOTAL)),
				),
			);
			await reset();
			rates.serial.push(
				await timed('node Add Many, Parallel Batches 1', TOTAL, () =>
					viaNode(sim.url, cdrRecords(`serial${round}`, TOTAL), 1),
				),
			);
			await reset();
			rates.item.push(
				await timed('one request per CDR (sample)', PER_ITEM_SAMPLE, () =>
					perItem(sim.url, cdrRecords(`item${round}`, PER_ITEM_SAMPLE)),
				),
			);
		}
		const [rawRate, nodeRate, serialRate, itemRate] = [
			median(rates.raw),
			median(rates.node),
			median(rates.serial),
			median(rates.item),
		];
		const insertRate = simulatorInsertRate();
		const fmt = (rate) => Math.round(rate).toLocaleString('en');
		console.log(
			`\nmedian rates: raw ${fmt(rawRate)}, node ${fmt(nodeRate)}, node serial ${fmt(serialRate)}, per-item ${fmt(itemRate)} CDR/s`,
		);

		const nodeVsRaw = nodeRate / rawRate;
		const nodeVsItem = nodeRate / itemRate;
		console.log(
			`simulator store + rating alone: ${Math.round(insertRate).toLocaleString('en')} CDR/s (target >= 20,000)`,
		);
		console.log(
			`node/raw      = ${nodeVsRaw.toFixed(2)}  (target >= 0.8)  ${nodeVsRaw >= 0.8 ? 'met' : 'MISSED'}`,
		);
		console.log(
			`node/per-item = ${nodeVsItem.toFixed(1)}  (target >= 20)   ${nodeVsItem >= 20 ? 'met' : 'MISSED'}`,
		);
		console.log(
			`node serial/raw = ${(serialRate / rawRate).toFixed(2)}  (the same one-batch-at-a-time pattern as the raw loop)`,
		);
	} finally {
		sim.stop();
		await shutdownEngine();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
