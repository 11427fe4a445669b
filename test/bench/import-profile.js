#!/usr/bin/env node
// Import File alone, for profiling: a generated CSV of N CDRs (100000 by default) through n8n-core's engine in
// filesystem binary mode, against the simulator in its own process, without an n8n to start. Prints the
// time and peak RSS; run it under `node --cpu-prof` or `--trace-gc` to see where the time goes.
require('tsx/cjs');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-telco-profile-'));
const { runNode, shutdownEngine } = require('../harness/engine.ts');
const { useFilesystemBinaryStore } = require('../harness/binaryStore.js');
const {
	TelcoBillingCallRecord,
} = require('../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node.ts');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');
const { writeCdrCsv } = require('../sandbox/cdrCsv.js');

const TOTAL = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 100_000);

async function main() {
	const folder = mkdtempSync(join(tmpdir(), 'telco-profile-csv-'));
	const removeStore = await useFilesystemBinaryStore();
	const { child, url } = await spawnSimulator(ON_FREE_PORTS);
	try {
		const path = join(folder, 'calls.csv');
		await writeCdrCsv(path, 'profile', TOTAL);
		// Stored into the binary store by the input node; this process holds the file once more meanwhile.
		const content = readFileSync(path);
		let peak = process.memoryUsage().rss;
		const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
		const start = performance.now();
		const result = await runNode({
			nodeType: new TelcoBillingCallRecord(),
			parameters: { operation: 'importFile', batchSize: 500, parallelBatches: 2 },
			credentials: { baseUrl: url, apiKey: 'demo-key-0001' },
			input: [{}],
			inputFiles: [{ data: { content, fileName: 'calls.csv' } }],
		});
		const seconds = (performance.now() - start) / 1000;
		clearInterval(sampler);
		if (result.error) throw result.error;
		const summary = result.items[0].json;
		console.log(
			`${TOTAL.toLocaleString('en')} rows: ${seconds.toFixed(2)} s (node's timer ${summary.seconds} s), ` +
				`${summary.accepted} accepted, peak RSS ${Math.round(peak / 1048576)} MB`,
		);
	} finally {
		child.kill('SIGTERM');
		removeStore();
		rmSync(folder, { recursive: true, force: true });
		await shutdownEngine();
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
