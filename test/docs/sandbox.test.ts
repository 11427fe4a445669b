import { readRepoFile } from '../harness/repoFiles';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { NAMED_FAULTS } from '../simulator/faults';
import { MODES_KEYS } from '../simulator/routes/controls';

/*
 * docs/sandbox.md is where a user of the sandbox learns what the simulator can be asked: it names every fault
 * (faults.ts NAMED_FAULTS, one row each), every lasting mode POST /__simulator/faults takes, and every control
 * route the simulator registers, as `METHOD /__simulator/path`; every control it names exists. So a new fault,
 * mode or route without its line fails here, and so does a line left for one that went.
 */

const PAGE = readRepoFile('docs/sandbox.md');
let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator();
});
afterAll(async () => await sim.close());

test('every fault has its row in docs/sandbox.md', () => {
	const rows = new Set([...PAGE.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]));
	expect(NAMED_FAULTS.filter((fault) => !rows.has(fault))).toEqual([]);
});

test('every lasting fault mode is named in docs/sandbox.md', () => {
	expect(MODES_KEYS.filter((mode) => !PAGE.includes(`\`${mode}\``))).toEqual([]);
});

test('every control route is named in docs/sandbox.md as METHOD /__simulator/path', () => {
	expect(sim.controls.length).toBeGreaterThan(20);
	const missing = sim.controls
		.filter(({ method, path }) => !PAGE.includes(`\`${method} ${path}\``))
		.map(({ method, path }) => `${method} ${path}`);
	expect(missing).toEqual([]);
});

test('every /__simulator path docs/sandbox.md names is a control route', () => {
	const paths = new Set(sim.controls.map(({ path }) => path));
	const named = [...PAGE.matchAll(/\/__simulator\/[\w./-]*\w/g)].map((m) => m[0]);
	expect(named.length).toBeGreaterThan(20);
	expect([...new Set(named)].filter((path) => !paths.has(path))).toEqual([]);
});
