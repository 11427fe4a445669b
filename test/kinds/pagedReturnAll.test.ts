import type { INodeParameters } from 'n8n-workflow';
import { runNode, shutdownEngine } from '../harness/engine';
import type { RunResult } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { aValueFor, NODE_TYPES, ROWS, SEEDED } from '../harness/tables';
import { startSimulator } from '../simulator/app';
import { TRAITS } from '../simulator/traits';

// Every paged listing, Return All: on a platform whose pages hold their list under another key where the spec shows
// none (otherShapes), or answer numbers as text, or list in another order, the node reads every page (the same
// records as on the simulator's own shape) or fails; never a first page passed off as all of it.

afterAll(async () => await shutdownEngine());

const GIVEN: Record<string, unknown> = {
	...SEEDED,
	value: 'Smith',
	text: 'Smith',
	serviceNum: '03',
};

const paged = ROWS.filter(({ op }) => op.list === 'paged');

/** What a listing needs besides its required fields. */
const EXTRA: Record<string, INodeParameters> = { 'lead filter': { filters: { company: 'e' } } };

function parametersOf(row: (typeof paged)[number]): INodeParameters {
	const parameters: INodeParameters = {
		resource: row.resource,
		operation: row.op.value,
		returnAll: true,
	};
	for (const field of row.op.fields ?? [])
		if (field.required) parameters[field.name] = aValueFor(field, GIVEN) as string;
	return { ...parameters, ...EXTRA[`${row.resource} ${row.op.value}`] };
}

interface Platform {
	extras?: string[];
	traits?: Record<string, string>;
}

async function listed(row: (typeof paged)[number], platform: Platform): Promise<RunResult> {
	const sim = await startSimulator({ pageSize: 3, ...platform });
	try {
		return await runNode({
			nodeType: NODE_TYPES[row.node],
			parameters: parametersOf(row),
			credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
		});
	} finally {
		await sim.close();
	}
}

const ids = (result: RunResult) => result.items.map(({ json }) => JSON.stringify(json)).sort();

test('the paged listings are found', () => {
	expect(paged.length).toBeGreaterThan(4);
});

describe.each(paged.map((row) => [`${row.node} ${row.resource} → ${row.op.name}`, row] as const))(
	'%s',
	(_label, row) => {
		test.each<[string, Platform]>([
			['pages holding their list under another key', { extras: ['otherShapes'] }],
			['numbers as text', { traits: { numbers: TRAITS.numbers[2] } }],
			['newest first', { traits: { listOrder: 'newestFirst' } }],
		])('Return All reads every page, or fails, on %s', async (_what, platform) => {
			const own = await listed(row, {});
			expect(own.error).toBeUndefined();
			const other = await listed(row, platform);
			if (other.error) return;
			expect(other.items.length).toBe(own.items.length);
			if (!platform.traits) expect(ids(other)).toEqual(ids(own));
		});
	},
);
