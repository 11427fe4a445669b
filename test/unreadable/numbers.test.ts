import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { isRepeatable } from '../../nodes/shared/operation/operations';
import { runNode, shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { aValueFor, NODE_TYPES, ROWS, SEEDED } from '../harness/tables';
import type { Row } from '../harness/tables';
import { parametersFor, prepareFor, WRITE_NEEDS } from '../harness/writeParameters';
import { startSimulator } from '../simulator/app';

// Over the whole operation table: a number a field sends (an ID, a quantity, a rate, a price) that an expression
// gave as text the node cannot read, or as a blank where no blank is left out, is refused naming the field, before
// any request: never dropped, never replaced by the platform's default.

afterAll(async () => await shutdownEngine());

/** Every number field a row sends: its own, and those of its collections. */
function numberFields(row: Row): Array<{ field: INodeProperties; collection?: string }> {
	return (row.op.fields ?? []).flatMap((field) => {
		if (field.type === 'collection')
			return ((field.options ?? []) as INodeProperties[])
				.filter((option) => option.type === 'number' && option.routing?.send)
				.map((option) => ({ field: option, collection: field.name }));
		return field.type === 'number' && field.routing?.send ? [{ field }] : [];
	});
}

function baseParameters(row: Row, sim: Parameters<typeof parametersFor>[1]): INodeParameters {
	const key = `${row.resource} ${row.op.value}`;
	if (!isRepeatable(row.op) && WRITE_NEEDS[key]) return parametersFor(row, sim);
	const parameters: INodeParameters = { resource: row.resource, operation: row.op.value };
	for (const field of row.op.fields ?? [])
		if (field.required) parameters[field.name] = aValueFor(field, SEEDED) as string;
	return parameters;
}

const cases = ROWS.flatMap((row) =>
	numberFields(row).map(({ field, collection }) => ({ row, field, collection })),
);

test('the rows with number fields are found', () => {
	expect(cases.length).toBeGreaterThan(10);
});

describe.each(
	cases.map((c) => [`${c.row.resource} → ${c.row.op.name}: ${c.field.displayName}`, c] as const),
)('%s', (_label, { row, field, collection }) => {
	test.each([
		['text', 'abc'],
		['text and digits', '12x'],
	])('given as %s, it is refused naming the field, and nothing is sent', async (_kind, value) => {
		const sim = await startSimulator();
		try {
			if (!isRepeatable(row.op) && WRITE_NEEDS[`${row.resource} ${row.op.value}`])
				prepareFor(row, sim);
			const parameters = baseParameters(row, sim);
			const expression = `={{ ${JSON.stringify(value)} }}`;
			if (collection)
				parameters[collection] = {
					...((parameters[collection] as INodeParameters | undefined) ?? {}),
					[field.name]: expression,
				};
			else parameters[field.name] = expression;
			const result = await runNode({
				nodeType: NODE_TYPES[row.node],
				parameters,
				continueOnFail: true,
				credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
			});
			const said = String(result.items[0]?.json.error ?? result.error?.message);
			expect(said).toContain(`(${field.name})`);
			expect(sim.requests).toEqual([]);
		} finally {
			await sim.close();
		}
	});
});
