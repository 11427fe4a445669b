#!/usr/bin/env node
// npm start: the whole sandbox in one command. Builds the package, starts the seeded simulator (with its
// mail sink), installs the pinned n8n into a cache folder the first time, imports a "Telco Billing (sandbox)"
// credential and the example workflows, and starts n8n with the package loaded. Ctrl-C stops everything.
// `npm start -- --simulator-only` starts just the simulator.
const { spawn, spawnSync } = require('node:child_process');
const { spawnSimulator } = require('../simulator/spawn.js');
const { existsSync, mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { ROOT, ensureN8n, n8nBin, n8nCli, n8nEnv, prepareImports } = require('./n8n.js');

const args = process.argv.slice(2);
const option = (name, fallback) => {
	const index = args.indexOf(`--${name}`);
	return index > -1 ? args[index + 1] : fallback;
};
const SIMULATOR_PORT = Number(option('port', process.env.SIMULATOR_PORT || 8787));
const SMTP_PORT = Number(option('smtp-port', process.env.SIMULATOR_SMTP_PORT || 2525));
const N8N_PORT = Number(option('n8n-port', process.env.N8N_PORT || 5678));
const DEMO_KEY = 'demo-key-0001';
// A local sandbox's owner account, made on first start so the editor opens straight onto the examples.
const OWNER = { email: 'sandbox@telco-billing.example', firstName: 'Sandbox', lastName: 'Owner', password: 'Sandbox-2026' };

const children = [];
function stopAll(code = 0) {
	for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
	setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

async function startSimulator() {
	const { child, url } = await spawnSimulator(['--port', String(SIMULATOR_PORT), '--smtp-port', String(SMTP_PORT)], { echo: true });
	children.push(child);
	return url;
}

async function main() {
	if (args.includes('--simulator-only')) {
		await startSimulator();
		return;
	}
	console.log('Building the package…');
	const build = spawnSync('npx', ['n8n-node', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
	if (build.status !== 0) throw new Error('n8n-node build failed');
	const simulatorUrl = await startSimulator();
	await ensureN8n();

	const userFolder = join(ROOT, '.n8n-sandbox');
	mkdirSync(userFolder, { recursive: true });
	const env = n8nEnv(userFolder, { N8N_PORT: String(N8N_PORT), N8N_EDITOR_BASE_URL: `http://127.0.0.1:${N8N_PORT}` });
	const imports = prepareImports(join(userFolder, 'imports'), { simulatorUrl, apiKey: DEMO_KEY, smtpPort: SMTP_PORT });
	console.log('Importing the sandbox credential and the example workflows…');
	n8nCli(['import:credentials', `--input=${join(userFolder, 'imports', 'credentials.json')}`], env);
	n8nCli(['import:workflow', '--separate', `--input=${join(userFolder, 'imports', 'workflows')}`], env);

	console.log('Starting n8n…');
	const n8n = spawn(process.execPath, [n8nBin(), 'start'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
	children.push(n8n);
	n8n.on('exit', (code) => stopAll(code ?? 0));
	n8n.stdout.on('data', (chunk) => process.stdout.write(chunk));
	const editor = `http://127.0.0.1:${N8N_PORT}`;
	await waitFor(`${editor}/healthz`);
	const ownerMarker = join(userFolder, 'sandbox-owner');
	// The REST API comes up a moment after /healthz; an instance with an owner already answers 400.
	for (let attempt = 0; attempt < 60 && !existsSync(ownerMarker); attempt++) {
		const owner = await fetch(`${editor}/rest/owner/setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(OWNER) }).catch(() => undefined);
		if (owner?.ok) writeFileSync(ownerMarker, OWNER.email);
		if (owner?.ok || owner?.status === 400) break;
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
	const login = existsSync(ownerMarker) ? `${OWNER.email} / ${OWNER.password}` : 'the owner account you created';
	console.log(
		[
			'',
			'The telco billing sandbox is ready.',
			`  n8n editor:   ${editor}  (sign in as ${login})`,
			`  Simulator:    ${simulatorUrl}  (demo API key: ${DEMO_KEY})`,
			`  Credential:   "Telco Billing (sandbox)"; examples: ${imports.map((i) => `"${i.name}"`).join(', ')}`,
			'Press Ctrl-C to stop n8n and the simulator.',
		].join('\n'),
	);
}

async function waitFor(url, seconds = 180) {
	for (let i = 0; i < seconds * 2; i++) {
		const ok = await fetch(url).then((r) => r.ok, () => false);
		if (ok) return;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	throw new Error(`n8n did not come up at ${url}`);
}

main().catch((error) => {
	console.error(error.message ?? error);
	stopAll(1);
});
