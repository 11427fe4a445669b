// `npm start` (test/sandbox/start.js) beside an n8n the user already runs: n8n's default ports, 5678 (editor)
// and 5679 (task broker), are held here as that n8n holds them. Plain listeners stand in for it: the sandbox
// only meets the other n8n at bind time. And a start that fails quotes what n8n printed.
const { spawn } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { lineOf } = require('../sandbox/n8n-lines.js');
const { ROOT, SANDBOX_OWNER, requestedVersion } = require('../sandbox/n8n.js');
const { n8nRest } = require('../sandbox/n8nRest.js');
const { commandOf, descendantsOf, running } = require('../sandbox/sandboxRun.js');
const { freePort, sleep, waitUntil } = require('../sandbox/waiting.js');

const VERSION = requestedVersion([]);
const START = join(ROOT, 'test', 'sandbox', 'start.js');
// What a listener held by this test answers: another run of this file (CI runs each n8n line's end-to-end
// suite in a lane of its own, side by side) is waited for; any other holder (the developer's own n8n) is
// as good as ours.
const GREETING = 'telco-billing e2e: held as another n8n holds it\n';

let holders = [];
let folder;
const started = [];

/** What answers a connection to 127.0.0.1:port first, within a second ('' for nothing). */
function greetingAt(port) {
	return new Promise((resolve) => {
		let text = '';
		const socket = net.connect(port, '127.0.0.1');
		socket.setEncoding('utf8');
		socket.on('data', (chunk) => (text += chunk));
		socket.on('end', () => resolve(text));
		socket.on('error', () => resolve(text));
		socket.setTimeout(1000, () => {
			socket.destroy();
			resolve(text);
		});
	});
}

/** Listens on `port` as n8n does (`host` undefined: every address); waits while another run holds it. */
async function holdPort(port, host) {
	const deadline = Date.now() + 15 * 60 * 1000;
	for (;;) {
		const server = net.createServer((socket) => socket.end(GREETING));
		const error = await new Promise((resolve) => {
			server.once('error', resolve);
			server.listen(port, host, () => resolve(undefined));
		});
		if (!error) return server;
		if (error.code !== 'EADDRINUSE') throw error;
		if ((await greetingAt(port)) !== GREETING) return undefined;
		if (Date.now() > deadline)
			throw new Error(`port ${port} stayed held by another run of this test for 15 minutes`);
		await sleep(1000);
	}
}

const portFree = (port) =>
	new Promise((resolve) => {
		const probe = net.createServer().once('error', () => resolve(false));
		probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
	});

/**
 * start.js as `npm start -- <args>` runs it, with none of the port settings of the shell that runs the test; its
 * input /dev/null, or a pipe (`stdin: 'pipe'`) as a program that starts it has.
 */
function startSandbox(args, env = {}, { stdin = 'ignore' } = {}) {
	const base = { ...process.env };
	for (const name of [
		'N8N_PORT',
		'N8N_RUNNERS_BROKER_PORT',
		'SIMULATOR_PORT',
		'SIMULATOR_SMTP_PORT',
		'SANDBOX_MODEL_PORT',
	])
		delete base[name];
	const child = spawn(process.execPath, [START, '--n8n', VERSION, ...args], {
		cwd: ROOT,
		env: { ...base, ...env },
		stdio: [stdin, 'pipe', 'pipe'],
	});
	child.out = '';
	child.err = '';
	child.stdout.on('data', (chunk) => (child.out += chunk));
	child.stderr.on('data', (chunk) => (child.err += chunk));
	child.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
	started.push(child);
	return child;
}

/** A free port for each of the sandbox's port options named, and those options. */
async function ownPorts(names = ['port', 'smtp-port', 'n8n-port', 'model-port']) {
	const ports = {};
	for (const name of names) ports[name] = await freePort();
	return {
		ports,
		args: Object.entries(ports).flatMap(([name, port]) => [`--${name}`, String(port)]),
	};
}

beforeAll(
	async () => {
		// As n8n binds them: its editor on every address, its task broker on 127.0.0.1.
		holders = [await holdPort(5678), await holdPort(5679, '127.0.0.1')];
		folder = mkdtempSync(join(tmpdir(), 'n8n-telco-sandbox-start-'));
	},
	20 * 60 * 1000,
);

afterAll(async () => {
	for (const child of started)
		if (child.exitCode === null && child.signalCode === null) {
			child.kill('SIGINT');
			await child.exited;
		}
	for (const holder of holders) if (holder) await new Promise((resolve) => holder.close(resolve));
	if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Waits for `npm start`'s ready banner (the first start may install n8n); a stop before it fails with its output. */
async function readyBanner(sandbox) {
	await waitUntil(
		'the ready banner',
		() => {
			if (sandbox.exitCode !== null)
				throw new Error(
					`npm start stopped (exit ${sandbox.exitCode}):\n${sandbox.out}\n${sandbox.err}`,
				);
			return sandbox.out.includes('Press Ctrl-C to stop n8n and the simulator.');
		},
		15 * 60,
	);
}

test('with 5678 taken and no --n8n-port, npm start stops before starting anything and names the option that moves n8n', async () => {
	// The editor port is the user's: n8n's default, taken, is not swapped for another behind their back.
	const { args } = await ownPorts(['port', 'smtp-port', 'model-port']);
	const sandbox = startSandbox(args);
	expect(await sandbox.exited).toBe(1);
	expect(sandbox.err).toContain(
		'The sandbox did not start: port 5678 on 127.0.0.1 is in use (another sandbox still running, or your own n8n?). Stop it, or choose another port with --n8n-port <port>.',
	);
	expect(sandbox.out).not.toContain('Starting n8n');
});

test('beside another n8n on 5678 and 5679: the sandbox comes up on its own ports, its task broker on a free one, and the editor signs the owner in', async () => {
	const { ports, args } = await ownPorts();
	const sandbox = startSandbox([...args, '--user-folder', folder, '--no-build']);
	await readyBanner(sandbox);
	const editor = `http://127.0.0.1:${ports['n8n-port']}`;
	expect(sandbox.out).toContain(`  n8n editor:   ${editor}  (sign in as ${SANDBOX_OWNER.email}`);
	const page = await fetch(`${editor}/`);
	expect(page.status).toBe(200);
	expect(await page.text()).toContain('<title>n8n');
	const api = n8nRest(editor, undefined, 'telco-sandbox-start-e2e');
	await api.login(SANDBOX_OWNER);
	const { json } = await api.rest('GET', '/rest/workflows');
	expect((json.data ?? json).length).toBeGreaterThan(0);

	const broker = /^ {2}Task broker: {2}127\.0\.0\.1:(\d+) {2}\((.*)\)$/m.exec(sandbox.out);
	if (lineOf(VERSION).taskBroker) {
		expect(broker?.[2]).toBe(
			"n8n's, for its Code node's task runners; its default 5679 is taken (another n8n?)",
		);
		expect(Number(broker[1])).not.toBe(5679);
		// n8n's own, held by it.
		expect(await portFree(Number(broker[1]))).toBe(false);
	} else expect(broker).toBeNull();
	// The other n8n's ports are still its own.
	for (const [index, port] of [5678, 5679].entries())
		if (holders[index]) expect(await greetingAt(port)).toBe(GREETING);

	const started = descendantsOf(sandbox.pid);
	expect(started.map(commandOf).join('\n')).toMatch(/n8n/);
	sandbox.kill('SIGINT');
	expect(await sandbox.exited).toBe(0);
	// Ctrl-C stops n8n (its task runners too), the simulator and the model: no process is left, their ports come free.
	expect(started.filter(running).map(commandOf)).toEqual([]);
	await waitUntil(
		'the sandbox ports to come free',
		async () => (await Promise.all(Object.values(ports).map(portFree))).every(Boolean),
		60,
	);
});

/** The sandbox started on its own ports and ready, with its processes (n8n's found by its command line). */
async function readySandbox(options) {
	const { ports, args } = await ownPorts();
	const sandbox = startSandbox([...args, '--user-folder', folder, '--no-build'], {}, options);
	await readyBanner(sandbox);
	const started = descendantsOf(sandbox.pid);
	const n8n = started.find((pid) => /\bn8n\b.* start$/.test(commandOf(pid)));
	expect(n8n).toBeDefined();
	return { sandbox, ports, started, n8n };
}

const portsFreed = (ports) =>
	waitUntil(
		'the sandbox ports to come free',
		async () => (await Promise.all(Object.values(ports).map(portFree))).every(Boolean),
		60,
	);

test('closing its input (the pipe of the program that started it) stops n8n and everything else it started', async () => {
	const { sandbox, ports, started } = await readySandbox({ stdin: 'pipe' });
	sandbox.stdin.end();
	expect(await sandbox.exited).toBe(0);
	expect(started.filter(running).map(commandOf)).toEqual([]);
	await portsFreed(ports);
});

test('n8n stopping by itself stops the rest of the sandbox, which exits non-zero saying so', async () => {
	const { sandbox, ports, started, n8n } = await readySandbox();
	process.kill(n8n, 'SIGKILL');
	expect(await sandbox.exited).toBe(1);
	expect(sandbox.err).toContain('n8n stopped (exit SIGKILL): stopping the sandbox.');
	// The task runners n8n started, and the simulator.
	expect(started.filter(running).map(commandOf)).toEqual([]);
	await portsFreed(ports);
});

test("a start that fails quotes n8n's own words: TLS settings in the shell naming a key file that does not exist", async () => {
	const key = join(folder, 'no-such-key.pem');
	const { ports, args } = await ownPorts();
	const sandbox = startSandbox([...args, '--user-folder', folder, '--no-build'], {
		// Settings a user of another n8n may have exported; n8n reads the key as it starts its server.
		N8N_PROTOCOL: 'https',
		N8N_SSL_KEY: key,
		N8N_SSL_CERT: join(folder, 'no-such-cert.pem'),
	});
	expect(await sandbox.exited).toBe(1);
	const failure = sandbox.err.slice(sandbox.err.indexOf('The sandbox did not start:'));
	expect(failure).toMatch(
		/^The sandbox did not start: n8n stopped \(exit 1\) before it answered\. Its last lines \(stdout and stderr\):\n/,
	);
	expect(failure).toContain(`ENOENT: no such file or directory, open '${key}'`);
	expect(failure).not.toContain('see its output above');
	await waitUntil(
		'the sandbox ports to come free',
		async () => (await Promise.all(Object.values(ports).map(portFree))).every(Boolean),
		60,
	);
});

const testSsrf = lineOf(VERSION).ssrfProtection ? test : test.skip;

testSsrf(
	'with SSRF protection on in the shell, the sandbox allows its own 127.0.0.1, says so, and its credential Test passes',
	async () => {
		const { ports, args } = await ownPorts();
		const sandbox = startSandbox([...args, '--user-folder', folder, '--no-build'], {
			N8N_SSRF_PROTECTION_ENABLED: 'true',
		});
		await readyBanner(sandbox);
		expect(sandbox.out).toContain(
			'  SSRF:         on (N8N_SSRF_PROTECTION_ENABLED): this n8n also allows 127.0.0.1/32 ' +
				'(N8N_SSRF_ALLOWED_IP_RANGES), where the simulator, mail sink and chat model listen; your other ' +
				'settings stay as set',
		);
		const api = n8nRest(
			`http://127.0.0.1:${ports['n8n-port']}`,
			undefined,
			'telco-sandbox-ssrf-e2e',
		);
		await api.login(SANDBOX_OWNER);
		expect(await api.testCredential('telcoSandbox')).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		sandbox.kill('SIGINT');
		expect(await sandbox.exited).toBe(0);
		await waitUntil(
			'the sandbox ports to come free',
			async () => (await Promise.all(Object.values(ports).map(portFree))).every(Boolean),
			60,
		);
	},
);
