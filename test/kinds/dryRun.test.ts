import type { IDataObject } from 'n8n-workflow';
import { isUpdate } from '../../nodes/shared/operation/operations';
import { runNode, shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { NODE_TYPES, ROWS } from '../harness/tables';
import { parametersFor, prepareFor, WRITE_NEEDS } from '../harness/writeParameters';
import { startSimulator } from '../simulator/app';

// Every update (and Create or Update) can run as a preview: matched, compared and proven as a real run would,
// each item saying what it would write and why, and nothing written. A billing team previews a sync against
// production before running it.

afterAll(async () => await shutdownEngine());

// Call Rate Card Update is refused before any request, dry or not: the spec gives it no way to name the card.
const updates = ROWS.filter(
	({ resource, op }) => isUpdate(op) && !WRITE_NEEDS[`${resource} ${op.value}`].refused,
);

test('the updates are found', () => {
	expect(updates.length).toBeGreaterThan(5);
});

describe.each(updates.map((row) => [`${row.resource} → ${row.op.name}`, row] as const))(
	'%s',
	(_label, row) => {
		test('Dry Run writes nothing and outputs, for each item, what it would write', async () => {
			const sim = await startSimulator();
			try {
				prepareFor(row, sim);
				const parameters = { ...parametersFor(row, sim), dryRun: true };
				const result = await runNode({
					nodeType: NODE_TYPES[row.node],
					parameters,
					credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
				});
				expect(result.error?.message).toBeUndefined();
				const written = sim.handled.filter((request) => request.method === 'POST');
				expect(written).toEqual([]);
				const [item] = result.items.map(({ json }) => json as IDataObject);
				expect(item.dryRun).toBe(true);
				expect(String(item.action)).toMatch(
					/^(wouldSend|wouldCreate|wouldUpdate|wouldRewrite|unchanged)$/,
				);
			} finally {
				await sim.close();
			}
		});
	},
);
