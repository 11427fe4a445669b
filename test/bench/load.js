#!/usr/bin/env node
// npm run bench:load [-- N]: N items of a per-item read (Customer → Get Balance) through n8n's engine at 50 ms
// latency, against a raw fetch client with the same concurrency limit, then the node again with transient
// 503s and 429s. One simulator, in its own process, for every run; ratios within this one run.
// Plain JavaScript so the shipped-code lint rules (no process, no console) stay strict for every .ts file.
require('tsx/cjs');
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-telco-bench-'));
const { runNode, shutdownEngine } = require('../harness/engine.ts');
const {
	TelcoBillingCustomer,
} = require('../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node.ts');
const seed = require('../simulator/seed.json');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');

const TOTAL = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10_000);
const LIMIT = 5;
const LATENCY_MS = 50;
const KEY = 'demo-key-0001';
// Customers read in turn. Every item its own customer by default: the simulator picks faulted requests by
// their text and faults a chosen text every other time it is sent, so with a few customers cycling, the
// items of one chosen customer take turns being faulted and one item can be faulted on every try. With
// BENCH_LOAD_CUSTOMERS=60 the items cycle over the 60 demo customers (1001–1060) all the same.
const CUSTOMERS = Math.max(1, Number(process.env.BENCH_LOAD_CUSTOMERS || TOTAL));
const FIRST_CID = 1001;
const SHARE_503 = 0.02;
const SHARE_429 = 0.01;

const cids = Array.from({ length: TOTAL }, (_, i) => FIRST_CID + (i % CUSTOMERS));

async function json(url, body) {
	const response = await fetch(url, {
		method: body === undefined ? 'GET' : 'POST',
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return await response.json();
}

/** The limit: LIMIT workers, each sending its next read as soon as the last one is answered. */
async function raw(base, list = cids) {
	let next = 0;
	let failed = 0;
	const worker = async () => {
		while (next < list.length) {
			const cid = list[next++];
			const answer = await json(`${base}/${KEY}/customer/balance/${cid}`);
			if (answer.success !== true) failed++;
		}
	};
	await Promise.all(Array.from({ length: LIMIT }, worker));
	if (failed) throw new Error(`the raw client got ${failed} failed answers`);
}

/** The node in n8n's engine, Continue On Fail on so a failed item shows as an item with an error. */
async function viaNode(base) {
	const result = await runNode({
		nodeType: new TelcoBillingCustomer(),
		parameters: { resource: 'customer', operation: 'getBalance', cid: '={{ $json.cid }}' },
		credentials: { baseUrl: base, apiKey: KEY, maxConcurrency: LIMIT },
		input: cids.map((cid) => ({ cid: String(cid) })),
		continueOnFail: true,
	});
	if (result.error) throw new Error(`node run failed: ${result.error.message}`);
	const lost = result.items.filter((item) => item.json.error !== undefined || !item.json.success);
	const missing = cids.length - result.items.length;
	const wrong = result.items.filter((item, i) => item.json.success && item.json.cid !== cids[i]);
	if (wrong.length) throw new Error(`${wrong.length} items paired with the wrong customer`);
	return { lost: lost.length + Math.max(0, missing), example: lost[0]?.json.error };
}

async function timed(label, run) {
	const start = performance.now();
	const outcome = await run();
	const seconds = (performance.now() - start) / 1000;
	console.log(
		`  ${label.padEnd(40)} ${String(TOTAL).padStart(7)} items  ${seconds.toFixed(2).padStart(7)} s` +
			`  ${Math.round(TOTAL / seconds)
				.toLocaleString('en')
				.padStart(6)} items/s`,
	);
	return { seconds, ...outcome };
}

const verdict = (ok) => (ok ? 'met' : 'MISSED');

async function main() {
	const folder = mkdtempSync(join(tmpdir(), 'telco-bench-load-'));
	const seedPath = join(folder, 'seed.json');
	// The demo seed with as many customers in the key's department as the run reads.
	writeFileSync(
		seedPath,
		JSON.stringify({
			...seed,
			departments: seed.departments.map((d) =>
				d.id === 1 ? { ...d, demoCustomers: Math.max(d.demoCustomers, CUSTOMERS) } : d,
			),
		}),
	);
	const { child, url } = await spawnSimulator([
		...ON_FREE_PORTS,
		'--seed',
		seedPath,
		'--latency',
		String(LATENCY_MS),
	]);
	const faults = () => json(`${url}/__simulator/faults`);
	const setFaults = (body) => json(`${url}/__simulator/faults`, body);
	let failures = 0;
	try {
		const { modes } = await faults();
		console.log(
			`Load benchmark: ${TOTAL.toLocaleString('en')} items of Customer → Get Balance (${CUSTOMERS.toLocaleString('en')} ` +
				`customers in turn), ${LATENCY_MS} ms latency, at most ${LIMIT} requests at once, simulator at ${url} (own process)\n`,
		);
		// Warm-up of the node path only: the simulator's peak counter then holds the node's requests alone until
		// the raw client runs (it cannot be reset from outside; the raw client's pool is LIMIT by construction).
		const saved = cids.splice(Math.min(200, cids.length));
		await viaNode(url);
		cids.push(...saved);

		const node = await timed('(a) node, no faults', () => viaNode(url));
		const peakClean = (await faults()).concurrency.most;

		await setFaults({ fail503Share: SHARE_503, fail429Share: SHARE_429 });
		const before = (await faults()).counts;
		const faulted = await timed('(b) node, 2% 503 + 1% 429', () => viaNode(url));
		const after = await faults();
		const peakFaulted = after.concurrency.most;
		await setFaults({ fail503Share: 0, fail429Share: 0 });
		const served = (name) => (after.counts[name] ?? 0) - (before[name] ?? 0);

		await raw(url, cids.slice(0, 200));
		const rawRun = await timed(`raw fetch, a pool of ${LIMIT}`, () => raw(url));
		const floor = (TOTAL * LATENCY_MS) / LIMIT / 1000;
		console.log(
			`  (the latency alone allows no less than ${floor.toFixed(1)} s at ${LIMIT} at once)`,
		);

		const ratioA = rawRun.seconds / node.seconds;
		const ratioB = node.seconds / faulted.seconds;
		console.log(
			`\n(a) node/raw          = ${ratioA.toFixed(2)}  (target >= 0.8)  ${verdict(ratioA >= 0.8)}`,
		);
		console.log(
			`    peak in flight at the simulator, node runs: ${peakClean} without faults, ${peakFaulted} with them` +
				` (limit ${LIMIT})  ${verdict(peakFaulted <= LIMIT)}`,
		);
		console.log(
			`(b) faults served: ${served('http503')} × 503, ${served('http429')} × 429 (Retry-After ${modes.retryAfter} s, ` +
				`the simulator's default) on ${TOTAL.toLocaleString('en')} items ` +
				`(${((100 * served('http503')) / TOTAL).toFixed(2)}% and ${((100 * served('http429')) / TOTAL).toFixed(2)}%)`,
		);
		console.log(
			`    items lost (an error in the output): ${faulted.lost}${faulted.example ? ` (e.g. ${faulted.example})` : ''}` +
				`  (target 0)  ${verdict(faulted.lost === 0)}`,
		);
		console.log(
			`    faulted/fault-free  = ${ratioB.toFixed(2)}  (target >= 0.8)  ${verdict(ratioB >= 0.8)}`,
		);
		if (node.lost) console.log(`    (the fault-free run lost ${node.lost} items)`);
		if (peakFaulted > LIMIT) failures++;
		if (faulted.lost > 0 || node.lost > 0) failures++;
	} finally {
		child.kill('SIGTERM');
		rmSync(folder, { recursive: true, force: true });
		await shutdownEngine();
	}
	if (failures) {
		console.error('\nFAILED: more requests in flight than the limit, or items lost');
		process.exit(1);
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
