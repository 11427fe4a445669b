import {
	descendantsOf,
	endOf,
	killProcess,
	runStart,
	running,
	simulatorUrlOf,
	stillRunningAfter,
} from './sandboxRun';
import type { StartRun } from './sandboxRun';

/*
 * `npm start` (test/sandbox/start.js): `--help` prints its usage and starts nothing, an option it does not know is
 * refused with the usage, and stopping it by any route stops everything it started. Here with --simulator-only (the
 * simulator, in a process of its own); the end-to-end suite does the same with n8n (sandbox-start.e2e.test.js).
 */

const USAGE = /^Usage: npm start -- \[options\]/;

test.each([[['--help']], [['-h']], [['--no-build', '--help']]])(
	'npm start -- %j prints the usage, naming every option, and starts nothing',
	async (args) => {
		const run = runStart(args);
		expect(await endOf(run, 10)).toEqual({ code: 0, signal: null });
		expect(run.out).toMatch(USAGE);
		for (const option of ['--n8n ', '--port ', '--n8n-port ', '--simulator-only', '--no-build'])
			expect(run.out).toContain(option);
		expect(run.out).not.toContain('Building');
		expect(run.err).toBe('');
	},
);

test.each([
	[['--n8n-prot', '5700'], 'unknown option --n8n-prot'],
	[['--simulator-only', 'extra'], 'unknown option extra'],
	[['--port'], '--port needs a value: --port <port>'],
])('npm start -- %j is refused with the usage, before anything starts', async (args, why) => {
	const run = runStart(args);
	expect(await endOf(run, 10)).toEqual({ code: 2, signal: null });
	expect(run.err.split('\n')[0]).toBe(why);
	expect(run.err).toMatch(/Usage: npm start -- \[options\]/);
	expect(run.out).toBe('');
});

/** Stops `run` one way; `simulator` is the process of the simulator it started. */
type Route = (run: StartRun, simulator: number) => void;

// Ctrl-C is tried with its input /dev/null (as from a terminal or a service): no pipe to close, it keeps running.
const ROUTES: Array<[string, Route, number, 'pipe' | 'ignore']> = [
	['Ctrl-C (SIGINT)', (run) => run.child.kill('SIGINT'), 0, 'ignore'],
	['SIGTERM', (run) => run.child.kill('SIGTERM'), 0, 'pipe'],
	['SIGHUP (the terminal closed)', (run) => run.child.kill('SIGHUP'), 0, 'pipe'],
	[
		'its input closed (the program that started it gone)',
		(run) => run.child.stdin!.end(),
		0,
		'pipe',
	],
	['the simulator stopping', (_run, simulator) => killProcess(simulator), 1, 'pipe'],
];

test.concurrent.each(ROUTES)(
	'stopped by %s, it stops everything it started',
	async (_how, stop, code, stdin) => {
		const run = runStart(['--simulator-only', '--port', '0', '--smtp-port', '0'], { stdin });
		const url = await simulatorUrlOf(run);
		const started = descendantsOf(run.child.pid!);
		expect(started.length).toBeGreaterThan(0);
		expect(await stillRunningAfter(run, 500)).toBe(true);
		expect((await fetch(`${url}/__simulator/traits`)).status).toBe(200);
		stop(run, started[0]);
		expect(await endOf(run)).toEqual({ code, signal: null });
		expect(started.filter(running)).toEqual([]);
		await expect(fetch(`${url}/__simulator/traits`)).rejects.toThrow();
	},
);
