// `npm start` (start.js) run as a test runs it, and what is left of it afterwards: the processes it started,
// found by their parent, and whether each is still there. Plain JavaScript: processes and timers are Node's.
const { execFileSync, spawn } = require('node:child_process');
const { join } = require('node:path');
const { sleep, waitUntil } = require('./waiting.js');

const START = join(__dirname, 'start.js');

/**
 * start.js with `args`, as `npm start -- <args>` runs it, none of the shell's port settings; its input a pipe
 * (closing it is one way to stop it) unless `stdin` says otherwise. Its output is kept (`out`, `err`).
 */
function runStart(args, { stdin = 'pipe' } = {}) {
	const env = { ...process.env };
	for (const name of ['N8N_PORT', 'SIMULATOR_PORT', 'SIMULATOR_SMTP_PORT', 'SANDBOX_MODEL_PORT'])
		delete env[name];
	const child = spawn(process.execPath, [START, ...args], { env, stdio: [stdin, 'pipe', 'pipe'] });
	const run = { child, out: '', err: '' };
	child.stdout.on('data', (chunk) => (run.out += chunk));
	child.stderr.on('data', (chunk) => (run.err += chunk));
	run.exited = new Promise((resolve) =>
		child.once('close', (code, signal) => resolve({ code, signal })),
	);
	return run;
}

/** Every process now running whose parent is `pid`, or its parent's, and so on. */
function descendantsOf(pid) {
	const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,stat='], { encoding: 'utf8' })
		.trim()
		.split('\n')
		.map((line) => line.trim().split(/\s+/))
		.filter(([, , stat]) => !stat.startsWith('Z'))
		.map(([child, parent]) => [Number(child), Number(parent)]);
	const found = [];
	const walk = (parent) => {
		for (const [child, of] of rows)
			if (of === parent) {
				found.push(child);
				walk(child);
			}
	};
	walk(pid);
	return found;
}

/** The command line of a running process ('' when it is gone). */
function commandOf(pid) {
	try {
		return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
	} catch {
		return '';
	}
}

/** Whether a process is running (a zombie, dead and not yet reaped, is not). */
function running(pid) {
	try {
		const stat = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' });
		return stat.trim() !== '' && !stat.trim().startsWith('Z');
	} catch {
		return false;
	}
}

/** Waits for start.js's line naming where the simulator listens; returns that URL. */
async function simulatorUrlOf(run, seconds = 60) {
	return await waitUntil(
		"the simulator's banner",
		() => {
			if (run.child.exitCode !== null)
				throw new Error(`npm start stopped (exit ${run.child.exitCode}):\n${run.out}\n${run.err}`);
			return /Base URL: (\S+)/.exec(run.out)?.[1];
		},
		seconds,
		100,
	);
}

/** Resolves with how start.js ended, or fails when it has not ended within `seconds`. */
async function endOf(run, seconds = 30) {
	let ended;
	void run.exited.then((how) => (ended = how));
	return await waitUntil('npm start to end', () => ended, seconds, 100);
}

/** Kills one process, as a crash would end it. */
function killProcess(pid) {
	process.kill(pid, 'SIGKILL');
}

/** Whether start.js is still running `ms` from now. */
async function stillRunningAfter(run, ms) {
	await sleep(ms);
	return run.child.exitCode === null && run.child.signalCode === null;
}

module.exports = {
	commandOf,
	descendantsOf,
	endOf,
	killProcess,
	runStart,
	running,
	simulatorUrlOf,
	stillRunningAfter,
};
