import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { runNode, shutdownEngine } from '../harness/engine';
import { NODE_TYPES, ROWS } from '../harness/tables';
import type { Row } from '../harness/tables';

/*
 * A platform answering `{"success":true}` and none of the data the spec shows under it (a list, a record) has
 * said nothing of what it holds: for every row whose output reads a root the spec shows, the item is a failure,
 * never an empty list or the bare answer passed on as the record.
 */

/** A value each required field takes on the seeded simulator. */
const GIVEN: Record<string, unknown> = {
	cid: '1001',
	lid: '3001',
	serviceId: '20001',
	bundleId: '1',
	priceBookId: '1',
	ctgid: '1',
	contactId: '1',
	itemId: '1',
	campaignId: '501',
	email: 'liam.smith1@example.com',
	value: 'Smith',
	text: 'Smith',
};

function filled(field: INodeProperties): unknown {
	const given = GIVEN[field.name];
	if (field.type === 'resourceLocator') return { __rl: true, mode: 'id', value: given ?? '1001' };
	if (given !== undefined) return given;
	if (field.type === 'options')
		return (
			field.default || (field.options as Array<{ value: unknown }> | undefined)?.[0]?.value || '1'
		);
	if (field.type === 'number') return 1;
	if (field.type === 'boolean') return false;
	if (field.type === 'dateTime') return '2026-11-20';
	return 'Given';
}

function requiredParameters(fields: INodeProperties[]): INodeParameters {
	const parameters: INodeParameters = {};
	for (const field of fields)
		if (field.required || GIVEN[field.name] !== undefined)
			parameters[field.name] = filled(field) as string;
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
