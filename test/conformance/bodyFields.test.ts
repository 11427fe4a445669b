import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { runNode, shutdownEngine } from '../harness/engine';
import { NODE_TYPES, ROWS } from '../harness/tables';
import { bundleOf } from '../harness/records';
import { bodyFields, keysOf, parameters } from '../harness/bodyParameters';

/*
 * Every body field an operation offers is sent when the user gives it, so the conformance guard checks it
 * against the spec entry of its endpoint (test/spec/): a field added to a row and not to the spec source
 * fails here, whichever other test would have left it unsent.
 */

const rows = ROWS.map((row) => ({ row, fields: bodyFields(row.op.fields ?? []) })).filter(
	({ fields }) => fields.length > 0,
);

test('the rows offer body fields to check', () => {
	expect(rows.flatMap(({ fields }) => fields).length).toBeGreaterThan(100);
});

afterAll(async () => await shutdownEngine());

// One simulator a row: a case reads only what its own run sent.
describe.each(
	rows.map(
		({ row, fields }) => [`${row.node} ${row.resource} → ${row.op.name}`, row, fields] as const,
	),
)('%s', (_label, row, fields) => {
	let sim: Simulator;
	beforeAll(async () => {
		sim = await startSimulator();
		// The seeded customer's bundle, which a service or bundle write names (a bundle is checked to be its).
		if (!sim.state.bundles.some((b) => b.id === 1)) sim.state.bundles.push(bundleOf(1001, 1));
	});
	beforeEach(() => {
		sim.requests.length = 0;
	});
	afterAll(async () => await sim.close());

	test.each(fields.map((given) => [given.property, given] as const))(
		'%s is sent when given',
		async (_property, given) => {
			const result = await runNode({
				nodeType: NODE_TYPES[row.node],
				parameters: { resource: row.resource, operation: row.op.value, ...parameters(row, given) },
				input: [{}],
				continueOnFail: true,
				credentials: { baseUrl: sim.url, apiKey: 'demo-key-0001' },
			});
			const sent = sim.requests.flatMap((request) => keysOf(request.body)).includes(given.property);
			// Why it was not sent, if it was not: the refusal or the platform's answer.
			expect({ sent, why: sent ? undefined : result.items[0]?.json.error }).toEqual({ sent: true });
		},
	);
});
