import { bundleOf } from '../harness/records';
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import { isSearch, isUpdate } from '../../nodes/shared/operation/operations';
import { isBlank } from '../../nodes/shared/input/rules';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { runNode, shutdownEngine } from '../harness/engine';
import { NODE_TYPES, ROWS, SEEDED, aValueFor } from '../harness/tables';
import type { Row } from '../harness/tables';

/*
 * Rules of a kind of operation hold for every row of that kind, not for the rows that remembered a flag:
 * an update never erases a stored value with a blank (a mapped empty cell), and a search never widens on a
 * criterion that came out blank. Each row here gets every optional field as an expression that comes out
 * blank, and what reached the platform is read back from the simulator.
 */

const BLANK = '={{ "" }}';
/** What required fields take: the seeded records, a new email, a timeline category. */
const IDS: Record<string, string> = {
	...SEEDED,
	email: 'new.person@example.net',
	category: 'note',
};
const filled = (field: INodeProperties) => aValueFor(field, IDS);

/**
 * Every sendable field blank, the required ones filled (for a search, its criteria blank too): what a row of
 * mostly empty CRM cells gives.
 */
function blankParameters(fields: INodeProperties[], criteria = false): INodeParameters {
	const parameters: INodeParameters = {};
	for (const field of fields) {
		if (field.type === 'collection') {
			const options = ((field.options ?? []) as INodeProperties[]).filter((o) => o.routing?.send);
			if (options.length)
				parameters[field.name] = Object.fromEntries(options.map((o) => [o.name, BLANK]));
		} else if (criteria && field.type !== 'options' && field.type !== 'boolean')
			parameters[field.name] = BLANK;
		else if (field.required || IDS[field.name]) parameters[field.name] = filled(field) as string;
		// A number of the row's own (the entry an update edits) that comes out blank is refused, not left out:
		// test/unreadable holds that rule.
		else if (field.routing?.send && field.type !== 'number') parameters[field.name] = BLANK;
	}
	return parameters;
}

let sim: Simulator;
beforeEach(async () => {
	sim = await startSimulator();
	// The bundle an update names is its customer's (SEEDED: bundle 1, customer 1001).
	sim.state.bundles.push(bundleOf(1001, 1, 'Seeded Pack'));
});
afterEach(async () => await sim.close());
afterAll(async () => await shutdownEngine());

async function run({ node, resource, op }: Row, parameters: INodeParameters) {
	return await runNode({
		nodeType: NODE_TYPES[node],
		parameters: { resource, operation: op.value, ...parameters },
		input: [{}],
		continueOnFail: true,
		credentials: { baseUrl: sim.url, apiKey: 'demo-key-0001' },
	});
}

/** Every value a request's body carries at its top level, and in the records of an array body. */
function sentValues(body: unknown): Array<[string, unknown]> {
	const records = Array.isArray(body) ? body : [body];
	return records.flatMap((record) =>
		record && typeof record === 'object' ? Object.entries(record as IDataObject) : [],
	);
}

const updates = ROWS.filter(({ op }) => isUpdate(op));
const searches = ROWS.filter(({ op }) => isSearch(op));

test('the kinds are found in the tables: every update and search row is held to its kind’s rule', () => {
	expect(updates.map(({ resource, op }) => `${resource} ${op.value}`)).toEqual(
		expect.arrayContaining(['lead update', 'service update', 'customer update', 'contact update']),
	);
	expect(searches.map(({ resource, op }) => `${resource} ${op.value}`)).toEqual(
		expect.arrayContaining([
			'lead filter',
			'customer search',
			'service search',
			'serviceType search',
		]),
	);
});

describe.each(updates.map((row) => [`${row.node} ${row.resource} → ${row.op.name}`, row] as const))(
	'%s',
	(_label, row) => {
		test('an optional field that comes out blank is never sent: what the platform holds stays', async () => {
			const result = await run(row, blankParameters(row.op.fields ?? []));
			// Sent: the rule is proven on a request, not on a refusal (but for an update the API cannot make).
			const writes = sim.requests.filter((request) => request.method === 'POST');
			const impossible = /is not possible through the billing platform’s API/;
			if (!impossible.test(String(result.items[0]?.json.error)))
				expect(writes.length).toBeGreaterThan(0);
			const blanks = sim.requests
				.filter((request) => request.method === 'POST')
				.flatMap((request) => sentValues(request.body))
				.filter(([, value]) => isBlank(value));
			expect(blanks).toEqual([]);
		});
	},
);

describe.each(
	searches.map((row) => [`${row.node} ${row.resource} → ${row.op.name}`, row] as const),
)('%s', (_label, row) => {
	test('a criterion that comes out blank refuses the search before any request', async () => {
		const result = await run(row, blankParameters(row.op.fields ?? [], true));
		expect(sim.requests).toEqual([]);
		expect(String(result.items[0]?.json.error)).toMatch(/blank|required|at least/);
	});
});
