#!/usr/bin/env node
// npm start: the whole sandbox in one command. Builds the package, starts the seeded simulator (with its
// mail sink), installs n8n (and the Node it needs) into a cache folder the first time, installs the package
// into n8n's user folder as a community package (as users install it: the credential Test button needs that),
// starts the scripted chat model the AI agent example uses, imports a "Telco Billing (sandbox)" credential, the
// model's credential and the example workflows, and starts n8n.
// Ctrl-C stops everything. `npm start -- --n8n oldest` (1.123.81) or `--n8n 2.8.4` runs another line;
// `npm start -- --simulator-only` starts just the simulator.
const { spawnSync } = require('node:child_process');
const { spawnSimulator } = require('../simulator/spawn.js');
const { SCENARIOS } = require('./agentScenarios.js');
const { startFakeChatModel } = require('./fakeChatModel.js');
const { existsSync, mkdirSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:net');
const { join } = require('node:path');
const {
	DEMO_KEY,
	ROOT,
	SANDBOX_FILES,
	SANDBOX_OWNER: OWNER,
	ensureN8n,
	n8nSpawn,
	prepareSandbox,
	requestedVersion,
} = require('./n8n.js');

const args = process.argv.slice(2);
const option = (name, fallback) => {
	const index = args.indexOf(`--${name}`);
	return index > -1 ? args[index + 1] : fallback;
};
const SIMULATOR_PORT = Number(option('port', process.env.SIMULATOR_PORT || 8787));
const SMTP_PORT = Number(option('smtp-port', process.env.SIMULATOR_SMTP_PORT || 2525));
const N8N_PORT = Number(option('n8n-port', process.env.N8N_PORT || 5678));
const MODEL_PORT = Number(option('model-port', process.env.SANDBOX_MODEL_PORT || 8788));

const children = [];
let ready = false;
let model;
function stopAll(code = 0) {
	// exitCode, not only exit(): the timer is unref'd, and a process that empties its loop first ends with it.
	process.exitCode = code;
	for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
	void model?.close();
	setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

async function startSimulator() {
	const { child, url } = await spawnSimulator(
		['--port', String(SIMULATOR_PORT), '--smtp-port', String(SMTP_PORT)],
		{ echo: true },
	);
	children.push(child);
	return url;
}

async function main() {
	if (args.includes('--simulator-only')) {
		await startSimulator();
		return;
	}
	await portsFree([
		[SIMULATOR_PORT, '--port'],
		[SMTP_PORT, '--smtp-port'],
		[N8N_PORT, '--n8n-port'],
		[MODEL_PORT, '--model-port'],
	]);
	console.log('Building the package…');
	const build = spawnSync('npx', ['n8n-node', 'build'], {
		cwd: ROOT,
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	if (build.status !== 0)
		throw new Error('`n8n-node build` failed: fix the errors above, then run npm start again.');
	const n8n = await ensureN8n({ version: requestedVersion(args) });
	const simulatorUrl = await startSimulator();
	// The AI agent example's chat model: scripted, offline, in this process (agentScenarios.js).
	model = await startFakeChatModel(SCENARIOS, MODEL_PORT);

	// One user folder per line: a database written by a newer n8n is not for an older one.
	const userFolder = join(ROOT, '.n8n-sandbox', n8n.version);
	mkdirSync(userFolder, { recursive: true });
	mkdirSync(SANDBOX_FILES, { recursive: true });
	console.log(
		`Installing the package into n8n ${n8n.version}'s user folder and importing the sandbox credential and the example workflows…`,
	);
	const { env, imports, packageDir, migrated } = prepareSandbox(n8n, userFolder, {
		simulatorUrl,
		smtpPort: SMTP_PORT,
		modelUrl: model.url,
		extra: { N8N_PORT: String(N8N_PORT), N8N_EDITOR_BASE_URL: `http://127.0.0.1:${N8N_PORT}` },
	});
	if (migrated.length) {
		const names = migrated.map((name) => `"${name}"`).join(', ');
		console.log(`Workflows made when the sandbox loaded the package as CUSTOM.*: ${names}.`);
		console.log('They now use the installed nodes; publish again those that were published.');
	}

	console.log(`Starting n8n ${n8n.version} on Node ${n8n.nodeVersion}…`);
	const server = n8nSpawn(n8n, ['start'], env);
	children.push(server);
	server.on('exit', (code) => {
		console.error(
			`n8n stopped (exit ${code}).${ready ? '' : ' It never answered: see its output above.'}`,
		);
		stopAll(ready ? (code ?? 0) : 1);
	});
	server.stdout.on('data', (chunk) => process.stdout.write(chunk));
	const editor = `http://127.0.0.1:${N8N_PORT}`;
	// The editor page and the REST API answer only once n8n has loaded every node, ours included.
	await waitFor(`${editor}/healthz`);
	await waitFor(`${editor}/rest/settings`);
	await waitFor(`${editor}/`);
	const ownerMarker = join(userFolder, 'sandbox-owner');
	// The REST API comes up a moment after /healthz; an instance with an owner already answers 400.
	for (let attempt = 0; attempt < 60 && !existsSync(ownerMarker); attempt++) {
		const owner = await fetch(`${editor}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(OWNER),
		}).catch(() => undefined);
		if (owner?.ok) writeFileSync(ownerMarker, OWNER.email);
		if (owner?.ok || owner?.status === 400) break;
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
	ready = true;
	const login = existsSync(ownerMarker)
		? `${OWNER.email} / ${OWNER.password}`
		: 'the owner account you created';
	console.log(
		[
			'',
			'The telco billing sandbox is ready.',
			`  n8n editor:   ${editor}  (sign in as ${login})`,
			`  Simulator:    ${simulatorUrl}  (demo API key: ${DEMO_KEY})`,
			`  Credential:   "Telco Billing (sandbox)"; examples (${imports.length}): ${imports.map((i) => `"${i.name}"`).join(', ')}`,
			`  Package:      installed as a community package in ${packageDir}`,
			'                (copied afresh from dist at each start: restart npm start to load your changes)',
			`  Your files:   ${SANDBOX_FILES}`,
			`                drop CSVs there; n8n reads and writes files only there and in ${join(ROOT, 'examples', 'data')}`,
			`                (Read/Write Files from Disk: use the full path, e.g. ${join(SANDBOX_FILES, 'cdrs.csv')})`,
			`  Mail:         ${simulatorUrl}/__simulator/mail  (what Send Email sent to the SMTP sink 127.0.0.1:${SMTP_PORT}, and campaign mail)`,
			`  Chat model:   ${model.url}  (credential "Scripted model (sandbox)": a scripted OpenAI-compatible model that answers the AI agent example's questions)`,
			'Press Ctrl-C to stop n8n and the simulator.',
		].join('\n'),
	);
}

/**
 * Refuses to start when a port is taken (usually a sandbox still running), naming the option that
 * moves it.
 */
async function portsFree(ports) {
	for (const [port, option] of ports) {
		const free = await new Promise((resolve) => {
			const probe = createServer().once('error', () => resolve(false));
			probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
		});
		if (!free)
			throw new Error(
				`port ${port} on 127.0.0.1 is in use (another sandbox still running?). Stop it, or choose another port with ${option} <port>.`,
			);
	}
}

async function waitFor(url, seconds = 180) {
	for (let i = 0; i < seconds * 2; i++) {
		const ok = await fetch(url).then(
			(r) => r.ok,
			() => false,
		);
		if (ok) return;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	throw new Error(`n8n did not answer at ${url} within ${seconds} s: see its output above.`);
}

main().catch((error) => {
	console.error(`\nThe sandbox did not start: ${error.message ?? error}`);
	console.error('Nothing is left running. Fix what is named above and run npm start again.');
	stopAll(1);
});
