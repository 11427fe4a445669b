import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { runNode, shutdownEngine } from '../harness/engine';
import { NODE_TYPES, ROWS, SEEDED, aValueFor } from '../harness/tables';
import type { Row } from '../harness/tables';

/*
 * A platform answering `{"success":true}` and none of the data the spec shows under it (a list, a record) has
 * said nothing of what it holds: for every row whose output reads a root the spec shows, the item is a failure,
 * never an empty list or the bare answer passed on as the record.
 */

/** What required fields take: the seeded records, an existing customer's email, a search text. */
const GIVEN: Record<string, unknown> = {
	...SEEDED,
	campaignId: '501',
	email: 'liam.smith1@example.com',
	value: 'Smith',
	text: 'Smith',
};

function requiredParameters(fields: INodeProperties[]): INodeParameters {
	const parameters: INodeParameters = {};
	for (const field of fields)
		if (field.required || GIVEN[field.name] !== undefined)
			parameters[field.name] = aValueFor(field, GIVEN) as string;
	return parameters;
}

let sim: Simulator;
beforeEach(async () => {
	sim = await startSimulator();
});
afterEach(async () => await sim.close());
afterAll(async () => await shutdownEngine());

const shown = ROWS.filter(({ op }) => op.output?.root && !op.output.rootGuessed);

test('the rows whose answers the spec shows under a root are found', () => {
	expect(shown.length).toBeGreaterThan(20);
});

describe.each(shown.map((row) => [`${row.node} ${row.resource} → ${row.op.name}`, row] as const))(
	'%s',
	(_label, { node, resource, op }: Row) => {
		test('an answer of success without the data is a failure, not an empty success', async () => {
			// Every answer of the run is bare: the operation's own request included, whatever it asks first.
			for (let i = 0; i < 20; i++) sim.faults.push('bare200');
			const result = await runNode({
				nodeType: NODE_TYPES[node],
				parameters: { resource, operation: op.value, ...requiredParameters(op.fields ?? []) },
				input: [{}],
				continueOnFail: true,
				credentials: { baseUrl: sim.url, apiKey: 'demo-key-0001' },
			});
			expect(result.items.length).toBeGreaterThan(0);
			for (const item of result.items) expect(item.json).toHaveProperty('error');
		});
	},
);
