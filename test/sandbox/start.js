#!/usr/bin/env node
// npm start: the whole sandbox in one command. Builds the package, starts the seeded simulator (with its
// mail sink), installs n8n (and the Node it needs) into a cache folder the first time, installs the package
// into n8n's user folder as a community package (as users install it: the credential Test button needs that),
// starts the scripted chat model the AI agent example uses, imports a "Telco Billing (sandbox)" credential, the
// model's credential and the example workflows, and starts n8n.
// `npm start -- --help` lists the options (npm itself answers `npm start --help`); an option it does not know is
// refused with that list before anything starts. `npm start -- --n8n oldest` (1.123.81) or `--n8n 2.8.4` runs
// another line; `--simulator-only` starts just the simulator; `--user-folder <dir>` keeps n8n's data there instead
// of .n8n-sandbox/<version>; `--no-build` uses dist/ as it is (CI builds once; a build empties dist/ under any
// n8n running from it).
// Stopping it by any route stops everything it started and waits until it is gone (children.js): Ctrl-C, SIGTERM or
// SIGHUP, its input closed when that is a pipe (the program that started it gone), n8n stopping, the simulator
// stopping, or a failure of this script.
// Beside an n8n the user already runs: the ports the user sees (editor, simulator, mail, model) stay as asked
// and a taken one stops the start naming the option that moves it; n8n's task broker, which the user never
// sees, takes a free port when its default (5679) is taken, and the ready banner says which.
// With n8n's SSRF protection on in the shell (N8N_SSRF_PROTECTION_ENABLED), the sandbox's n8n also allows
// 127.0.0.1/32, where the simulator, mail sink and chat model listen, and the banner says so (ssrf.js).
const { spawnSync } = require('node:child_process');
const { commandLineOrExit } = require('../simulator/commandLine.js');
const { NEWEST, OLDEST } = require('./n8n-lines.js');

const OPTIONS = {
	n8n: {
		value: '<version>',
		help: `the n8n line: newest (${NEWEST}, the default), oldest (${OLDEST}) or 2.8.4`,
	},
	port: { value: '<port>', help: 'the simulator (8787; SIMULATOR_PORT)' },
	'smtp-port': { value: '<port>', help: "the simulator's mail sink (2525; SIMULATOR_SMTP_PORT)" },
	'n8n-port': { value: '<port>', help: "n8n's editor (5678; N8N_PORT)" },
	'model-port': { value: '<port>', help: 'the scripted chat model (8788; SANDBOX_MODEL_PORT)' },
	'day-every': { value: '<seconds>', help: 'a day passes on the platform every so many seconds' },
	'user-folder': { value: '<dir>', help: "n8n's data there instead of .n8n-sandbox/<version>" },
	'no-build': { help: 'use dist/ as it is instead of building the package' },
	'simulator-only': { help: 'start just the simulator (and its mail sink)' },
};
const GIVEN = commandLineOrExit(
	process.argv.slice(2),
	'npm start -- [options]   (npm answers `npm start --help` itself)',
	'The whole sandbox in one command: builds the package, starts the seeded billing-platform simulator with its\n' +
		'mail sink, installs n8n the first time, imports the sandbox credential and the example workflows, and\n' +
		'starts n8n with the package installed. Ctrl-C stops everything. docs/sandbox.md says more.',
	OPTIONS,
);

const { spawnSimulator } = require('../simulator/spawn.js');
const { stopChildren, track } = require('./children.js');
const { SCENARIOS } = require('./agentScenarios.js');
const { startFakeChatModel } = require('./fakeChatModel.js');
const { lineOf } = require('./n8n-lines.js');
const { outputTail, quoteTail } = require('./outputTail.js');
const { freePort } = require('./waiting.js');
const { existsSync, fstatSync, mkdirSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:net');
const { join, resolve } = require('node:path');
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
const option = (name, fallback) => GIVEN[name] ?? fallback;
const SIMULATOR_PORT = Number(option('port', process.env.SIMULATOR_PORT || 8787));
const SMTP_PORT = Number(option('smtp-port', process.env.SIMULATOR_SMTP_PORT || 2525));
const N8N_PORT = Number(option('n8n-port', process.env.N8N_PORT || 5678));
const MODEL_PORT = Number(option('model-port', process.env.SANDBOX_MODEL_PORT || 8788));
// `--day-every 60`: a day passes on the platform every 60 s, so the Report Trigger's events come by themselves.
const DAY_EVERY = option('day-every');
// n8n's own default and variable: a port set there is the user's choice, kept like the ones above.
const BROKER_DEFAULT = 5679;
const BROKER_ASKED = process.env.N8N_RUNNERS_BROKER_PORT;
// n8n's default, as an n8n user knows it; start.js overrides n8nEnv's quieter `warn`, at which n8n says nothing
// of why it stops (a taken broker port is an info line).
const N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'info';

// Once n8n has answered, its stopping is reported as such; before, the start fails with what it printed.
let answered = false;
let stopping = false;
let model;
let forceNow;

/** Stops everything started (children.js), says why when there is something to say, and exits with `code`. */
function stopAll(code = 0, why = '') {
	if (stopping) return;
	stopping = true;
	process.exitCode = code;
	if (why) say(why);
	void model?.close();
	void stopChildren({ now: (force) => (forceNow = force) }).then(() => process.exit(code));
}

/** A line on stderr, unless stderr is gone too (a closed pipe): stopping never fails for want of a reader. */
function say(line) {
	if (!process.stderr.destroyed) process.stderr.write(`${line}\n`);
}

/** A thrown error that only means a stop was asked for while the start was under way. */
const STOPPED = new Error('stopped');
const stillStarting = () => {
	if (stopping) throw STOPPED;
};

// Ctrl-C, a supervisor's SIGTERM, the terminal closed. A second Ctrl-C while stopping does not wait for n8n.
for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'])
	process.on(name, () =>
		stopping ? forceNow?.() : stopAll(0, `${name}: stopping everything the sandbox started…`),
	);
// Started by another program through a pipe: that program closing the pipe (or going away) is a stop, as n8n's
// and the simulator's outputs would otherwise have nowhere to go. A terminal or /dev/null is no such signal.
const stdin = (() => {
	try {
		return fstatSync(0);
	} catch {
		return undefined;
	}
})();
if (stdin && (stdin.isFIFO() || stdin.isSocket())) {
	process.stdin.on('end', () =>
		stopAll(0, 'Its input was closed: stopping everything the sandbox started…'),
	);
	process.stdin.on('error', () => stopAll(0));
	process.stdin.resume();
}
// Its output closed (the reader gone): nothing more can be shown, so everything stops.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => stopAll(0));
process.on('uncaughtException', (error) => {
	say(`The sandbox failed: ${error.stack ?? error}`);
	stopAll(1);
});

async function startSimulator() {
	const { child, url } = await spawnSimulator(
		[
			'--port',
			String(SIMULATOR_PORT),
			'--smtp-port',
			String(SMTP_PORT),
			...(DAY_EVERY ? ['--day-every', DAY_EVERY] : []),
		],
		{ echo: true, detached: true },
	);
	track(child, { group: true });
	// The simulator going away leaves n8n's workflows talking to nothing: the sandbox stops with it.
	child.once('exit', (code, signal) => {
		if (!stopping)
			stopAll(1, `The simulator stopped (exit ${code ?? signal}): stopping the sandbox.`);
	});
	stillStarting();
	return url;
}

async function main() {
	if (GIVEN['simulator-only']) {
		await startSimulator();
		return;
	}
	const moveWith = (flag) => `choose another port with ${flag} <port>`;
	await portsFree([
		[SIMULATOR_PORT, moveWith('--port')],
		[SMTP_PORT, moveWith('--smtp-port')],
		[N8N_PORT, moveWith('--n8n-port')],
		[MODEL_PORT, moveWith('--model-port')],
		...(BROKER_ASKED
			? [
					[
						Number(BROKER_ASKED),
						'set N8N_RUNNERS_BROKER_PORT to another port, or unset it and the sandbox picks a free one',
					],
				]
			: []),
	]);
	if (GIVEN['no-build']) console.log('Using dist/ as it is (--no-build).');
	else {
		console.log('Building the package…');
		const build = spawnSync('npx', ['n8n-node', 'build'], {
			cwd: ROOT,
			stdio: ['ignore', 'ignore', 'inherit'],
		});
		if (build.status !== 0)
			throw new Error('`n8n-node build` failed: fix the errors above, then run npm start again.');
	}
	stillStarting();
	const n8n = await ensureN8n({ version: requestedVersion(args) });
	stillStarting();
	const simulatorUrl = await startSimulator();
	// The AI agent example's chat model: scripted, offline, in this process (agentScenarios.js).
	model = await startFakeChatModel(SCENARIOS, MODEL_PORT);
	stillStarting();

	// One user folder per line: a database written by a newer n8n is not for an older one.
	const userFolder = resolve(option('user-folder', join(ROOT, '.n8n-sandbox', n8n.version)));
	mkdirSync(userFolder, { recursive: true });
	mkdirSync(SANDBOX_FILES, { recursive: true });
	console.log(
		`Installing the package into n8n ${n8n.version}'s user folder and importing the sandbox credential and the example workflows…`,
	);
	// Chosen late: the first start installs n8n for minutes, and a port free before that may not be after.
	const broker = await brokerPort();
	const { env, imports, packageDir, migrated, ssrfNote } = prepareSandbox(n8n, userFolder, {
		simulatorUrl,
		smtpPort: SMTP_PORT,
		modelUrl: model.url,
		extra: {
			N8N_PORT: String(N8N_PORT),
			N8N_EDITOR_BASE_URL: `http://127.0.0.1:${N8N_PORT}`,
			N8N_RUNNERS_BROKER_PORT: String(broker),
		},
	});
	if (migrated.length) {
		const names = migrated.map((name) => `"${name}"`).join(', ');
		console.log(`Workflows made when the sandbox loaded the package as CUSTOM.*: ${names}.`);
		console.log('They now use the installed nodes; publish again those that were published.');
	}

	stillStarting();
	console.log(`Starting n8n ${n8n.version} on Node ${n8n.nodeVersion}…`);
	const server = track(
		n8nSpawn(n8n, ['start'], { ...env, N8N_LOG_LEVEL }, ['ignore', 'pipe', 'pipe'], {
			detached: true,
		}),
		{ group: true },
	);
	const tail = outputTail();
	const said = () =>
		quoteTail(tail, `It printed nothing (N8N_LOG_LEVEL=${N8N_LOG_LEVEL}: try debug).`);
	server.stdout.on('data', (chunk) => {
		process.stdout.write(chunk);
		tail.write(chunk, 'stdout');
	});
	server.stderr.on('data', (chunk) => {
		process.stderr.write(chunk);
		tail.write(chunk, 'stderr');
	});
	const stopped = exitOf(server);
	void stopped.then(({ code, signal }) => {
		if (!answered || stopping) return;
		stopAll(
			code || 1,
			`n8n stopped (exit ${code ?? signal}): stopping the sandbox.${code ? ` ${said()}` : ''}`,
		);
	});
	const stoppedEarly = stopped.then(({ code, signal }) => {
		throw new Error(`n8n stopped (exit ${code ?? signal}) before it answered. ${said()}`);
	});
	const editor = `http://127.0.0.1:${N8N_PORT}`;
	// The editor page and the REST API answer only once n8n has loaded every node, ours included.
	const answering = (async () => {
		await waitFor(`${editor}/healthz`, said);
		await waitFor(`${editor}/rest/settings`, said);
		await waitFor(`${editor}/`, said);
	})();
	await Promise.race([answering, stoppedEarly]);
	answered = true;
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
	const login = existsSync(ownerMarker)
		? `${OWNER.email} / ${OWNER.password}`
		: 'the owner account you created';
	const brokerNote =
		broker === BROKER_DEFAULT || BROKER_ASKED
			? ''
			: `; its default ${BROKER_DEFAULT} is taken (another n8n?)`;
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
			`  Requests:     ${simulatorUrl}/__simulator/stats  (what each run sent: requests by endpoint, writes; each run is also printed here when it ends)`,
			`  Mail:         ${simulatorUrl}/__simulator/mail  (what Send Email sent to the SMTP sink 127.0.0.1:${SMTP_PORT}, and campaign mail)`,
			`  Time:         curl -X POST ${simulatorUrl}/__simulator/advance -H 'content-type: application/json' -d '{"days": 7}'`,
			`                (days pass: bill runs, payments, services start and end, customers leave; the Report Trigger's events follow${DAY_EVERY ? `; one a day every ${DAY_EVERY} s now` : '; --day-every 60 passes one a minute'})`,
			`  Chat model:   ${model.url}  (credential "Scripted model (sandbox)": a scripted OpenAI-compatible model that answers the AI agent example's questions)`,
			...(opensTaskBroker(n8n, env)
				? [
						`  Task broker:  127.0.0.1:${broker}  (n8n's, for its Code node's task runners${brokerNote})`,
					]
				: []),
			...(ssrfNote ? [`  SSRF:         ${ssrfNote}`] : []),
			'Press Ctrl-C to stop n8n and the simulator.',
		].join('\n'),
	);
}

function portFree(port) {
	return new Promise((resolve) => {
		const probe = createServer().once('error', () => resolve(false));
		probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
	});
}

/**
 * Refuses to start when a port the user chose (or sees) is taken (a sandbox still running, the user's own
 * n8n), saying how to move it.
 */
async function portsFree(ports) {
	for (const [port, move] of ports)
		if (!(await portFree(port)))
			throw new Error(
				`port ${port} on 127.0.0.1 is in use (another sandbox still running, or your own n8n?). Stop it, or ${move}.`,
			);
}

/**
 * The task broker's port: the user's N8N_RUNNERS_BROKER_PORT (checked with the others), else n8n's default,
 * else, when another n8n holds that, a free one: nobody connects to it but n8n's own task runners.
 */
async function brokerPort() {
	if (BROKER_ASKED) return Number(BROKER_ASKED);
	return (await portFree(BROKER_DEFAULT)) ? BROKER_DEFAULT : freePort();
}

/** Whether this n8n opens its task broker: 2.x always, 1.x only with task runners turned on. */
function opensTaskBroker(n8n, env) {
	return lineOf(n8n.version)?.taskBroker || env.N8N_RUNNERS_ENABLED === 'true';
}

/** Resolves once the child has exited and its output has been read to the end (its last line is quoted). */
function exitOf(child) {
	return new Promise((resolve) => {
		child.once('close', (code, signal) => resolve({ code, signal }));
		// A grandchild (n8n's task runner) holding the pipes open must not hold up the report.
		child.once('exit', (code, signal) => setTimeout(() => resolve({ code, signal }), 2000).unref());
	});
}

async function waitFor(url, said, seconds = 180) {
	for (let i = 0; i < seconds * 2; i++) {
		const ok = await fetch(url).then(
			(r) => r.ok,
			() => false,
		);
		if (ok) return;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	throw new Error(`n8n did not answer at ${url} within ${seconds} s. ${said()}`);
}

main().catch((error) => {
	// Ctrl-C during the start stops n8n too: that is no failure to report.
	if (stopping) return;
	stopAll(
		1,
		`\nThe sandbox did not start: ${error.message ?? error}\n` +
			'Nothing is left running. Fix what is named above and run npm start again.',
	);
});
