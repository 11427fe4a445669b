import type { IDataObject } from 'n8n-workflow';
import { isUpdate } from '../../nodes/shared/operation/operations';
import { runNode, shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { NODE_TYPES, ROWS } from '../harness/tables';
import { parametersFor, prepareFor, WRITE_NEEDS } from '../harness/writeParameters';
import { startSimulator } from '../simulator/app';

// Issue 40, 8: Dry Run mapped from a sheet, a form or a webhook comes as text. "true" was read as off, and the
// update wrote for real. A switch given by an expression is read as n8n reads a boolean: true or false in any
// case, 1 or 0 (as numbers or text); anything else is refused naming the field, never taken as off.

afterAll(async () => await shutdownEngine());

// One simulator for the file, renewed before each run: every run meets the seeded platform.
let sim: Awaited<ReturnType<typeof startSimulator>>;
beforeAll(async () => {
	sim = await startSimulator();
});
beforeEach(async () => await sim.renew());
afterAll(async () => await sim.close());

const updates = ROWS.filter(
	({ resource, op }) => isUpdate(op) && !WRITE_NEEDS[`${resource} ${op.value}`].refused,
);

test('the updates are found', () => {
	expect(updates.length).toBeGreaterThan(5);
});

describe.each(updates.map((row) => [`${row.resource} → ${row.op.name}`, row] as const))(
	'%s',
	(_label, row) => {
		test.each([['true'], ['TRUE'], ['1'], [1]])(
			'Dry Run mapped as %j writes nothing',
			async (dry) => {
				prepareFor(row, sim);
				const result = await runNode({
					nodeType: NODE_TYPES[row.node],
					parameters: { ...parametersFor(row, sim), dryRun: '={{ $json.dry }}' },
					input: [{ dry }],
					credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
				});
				expect(result.error?.message).toBeUndefined();
				expect(sim.handled.filter((request) => request.method === 'POST')).toEqual([]);
				expect((result.items[0]?.json as IDataObject).dryRun).toBe(true);
			},
		);

		test.each([['yes'], ['']])(
			'Dry Run mapped as %j is refused naming the field; nothing is sent',
			async (dry) => {
				prepareFor(row, sim);
				const result = await runNode({
					nodeType: NODE_TYPES[row.node],
					parameters: { ...parametersFor(row, sim), dryRun: '={{ $json.dry }}' },
					input: [{ dry }],
					credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
				});
				expect(result.error?.message).toMatch(/^Dry Run \(dryRun\) /);
				expect(sim.requests).toEqual([]);
			},
		);
	},
);
