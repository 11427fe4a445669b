import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { shutdownEngine } from './engine';
import { OPERATION_RUNS, runOperation } from './operationRuns';
import { NODE_TYPES } from './tables';

/*
 * The shared parameter builders give each operation what it needs on the seeded simulator: run as built, every
 * operation of every action node sends its requests and ends without an error. A suite that holds the operations
 * to a property (test/transport/requestOptions.test.ts) rests on it: a run refused for its parameters would say
 * nothing of the property.
 */

afterAll(async () => await shutdownEngine());

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator();
});
beforeEach(async () => await sim.renew());
afterAll(async () => await sim.close());

test('every action node’s operations are there: its table rows and the Call Record node’s', () => {
	const nodes = new Set(OPERATION_RUNS.map(({ nodeType }) => nodeType.description.name));
	expect(nodes.size).toBe(Object.keys(NODE_TYPES).length + 1);
	expect(OPERATION_RUNS.length).toBeGreaterThan(70);
});

test.each(OPERATION_RUNS.map((run) => [run.label, run] as const))(
	'%s: as built, it sends and ends without an error',
	async (_label, run) => {
		const result = await runOperation(run, sim, { continueOnFail: true });
		expect(sim.requests.length).toBeGreaterThan(0);
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
		expect(result.items.filter(({ json }) => json.error).map(({ json }) => json.error)).toEqual([]);
	},
);
