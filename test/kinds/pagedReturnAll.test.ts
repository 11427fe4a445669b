import type { INodeParameters } from 'n8n-workflow';
import { runNode, shutdownEngine } from '../harness/engine';
import type { RunResult } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { aValueFor, NODE_TYPES, ROWS, SEEDED } from '../harness/tables';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import type { Extra } from '../simulator/extras';
import { TRAITS } from '../simulator/traits';
import type { Traits } from '../simulator/traits';

// Every paged listing, Return All, holding several pages: on every platform the answer traits draw (pages holding
// their list under another key where the spec shows none, numbers as numbers or as text, lists in another order,
// and these together) the node reads every page, the same records as on the simulator's own shape; and a page it
// cannot read (a page answered without its list) fails the run. Never a first page passed off as all of it.

afterAll(async () => await shutdownEngine());

const GIVEN: Record<string, unknown> = {
	...SEEDED,
	value: 'Smith',
	text: 'Smith',
	serviceNum: '03',
};

const paged = ROWS.filter(({ op }) => op.list === 'paged');
type Paged = (typeof paged)[number];
const keyOf = (row: Paged) => `${row.resource} ${row.op.value}`;

/** What a listing needs besides its required fields. */
const EXTRA: Record<string, INodeParameters> = { 'lead filter': { filters: { company: 'e' } } };

const PAGE_SIZE = 3;

/** More of a list's records, each a copy of its last with the next ID. */
function grow<T extends object>(
	list: T[],
	id: keyof T,
	count: number,
	change: (copy: T) => void = () => {},
) {
	for (let n = 0; n < count; n++) {
		const last = list[list.length - 1];
		const copy = { ...last, [id]: Number(last[id]) + 1 } as T;
		change(copy);
		list.push(copy);
	}
}

/**
 * What makes each listing hold several pages on the seeded platform (pages of 3; leads and campaigns 20, a query-paged
 * search 100). A new paged listing must say, or the first test fails.
 */
const SEVERAL_PAGES: Record<string, (sim: Simulator) => void> = {
	'campaign getAll': (sim) => {
		const customer = sim.state.customers.find((c) => c.deptid === 1 && c.email)!;
		for (let n = 0; n < 45; n++)
			sim.state.bulkEmail.create(1, `Notice ${n}`, 'x', [customer], null);
	},
	'serviceType getAll': (sim) => grow(sim.state.serviceTypes, 'esid', 5),
	'serviceType search': (sim) => grow(sim.state.serviceTypes, 'esid', 205),
	'service list': (sim) => grow(sim.state.serviceTypes, 'esid', 5),
	'priceBook getAll': (sim) => grow(sim.state.priceBooks, 'id', 7, (book) => (book.deptid = 1)),
	'product getAll': (sim) => grow(sim.state.products, 'pid', 5),
	'callRate getAll': (sim) =>
		grow(sim.state.rateCards, 'ctgid', 7, (card) => Object.assign(card, { deptid: 1, active: 1 })),
	'lead getAll': (sim) => grow(sim.state.leads, 'lid', 30, (lead) => (lead.deptid = 1)),
	'lead filter': (sim) =>
		grow(sim.state.leads, 'lid', 45, (lead) =>
			Object.assign(lead, { deptid: 1, company: `Eastern ${lead.lid}` }),
		),
};

function parametersOf(row: Paged): INodeParameters {
	const parameters: INodeParameters = {
		resource: row.resource,
		operation: row.op.value,
		returnAll: true,
	};
	for (const field of row.op.fields ?? [])
		if (field.required) parameters[field.name] = aValueFor(field, GIVEN) as string;
	return { ...parameters, ...EXTRA[keyOf(row)] };
}

interface Platform {
	extras?: Extra[];
	traits?: Partial<Traits>;
}

/** The listing run on a platform, with the requests it made. */
async function listed(
	row: Paged,
	platform: Platform,
	prepare: (sim: Simulator) => void = () => {},
) {
	const sim = await startSimulator({ pageSize: PAGE_SIZE, ...platform });
	try {
		SEVERAL_PAGES[keyOf(row)](sim);
		prepare(sim);
		const result = await runNode({
			nodeType: NODE_TYPES[row.node],
			parameters: parametersOf(row),
			credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
		});
		return { result, pages: sim.requests.length };
	} finally {
		await sim.close();
	}
}

/**
 * The records output, each value as its text (the numbers trait changes only how a number is spelt), without the
 * times a run stamps (a campaign's created_at).
 */
const records = (result: RunResult) =>
	result.items
		.map(({ json }) =>
			JSON.stringify(
				Object.entries(json)
					.filter(([key]) => !key.endsWith('_at'))
					.map(([key, value]) => [
						key,
						value !== null && typeof value === 'object' ? value : String(value),
					]),
			),
		)
		.sort();

/** Every platform the answer traits draw for a listing, but the simulator's own (each trait's default). */
const others = <T>(values: readonly T[]) => values.slice(1);
const PLATFORMS: Array<[string, Platform]> = [
	['pages holding their list under another key', { extras: ['otherShapes'] }],
	...others(TRAITS.numbers).flatMap(
		(numbers): Array<[string, Platform]> => [
			[`numbers ${numbers}`, { traits: { numbers } }],
			[`another list key and numbers ${numbers}`, { extras: ['otherShapes'], traits: { numbers } }],
		],
	),
	...others(TRAITS.listOrder).map((listOrder): [string, Platform] => [
		`lists ${listOrder}`,
		{ traits: { listOrder } },
	]),
];

test('the paged listings are found, and each can be made to hold several pages', () => {
	expect(paged.length).toBeGreaterThan(4);
	expect(paged.map(keyOf).filter((key) => !SEVERAL_PAGES[key])).toEqual([]);
});

describe.each(paged.map((row) => [`${row.node} ${row.resource} → ${row.op.name}`, row] as const))(
	'%s',
	(_label, row) => {
		let own: Awaited<ReturnType<typeof listed>>;
		beforeAll(async () => {
			own = await listed(row, {});
		});

		test('holds several pages on the simulator’s own shape', () => {
			expect(own.result.error).toBeUndefined();
			expect(own.pages).toBeGreaterThan(1);
		});

		test.each(PLATFORMS)('Return All reads every page on %s', async (_what, platform) => {
			const other = await listed(row, platform);
			expect(other.result.error).toBeUndefined();
			expect(records(other.result)).toEqual(records(own.result));
		});

		test('a page answered without its list fails the run: the first page is never passed off as all', async () => {
			for (const extras of [[], ['otherShapes']] as Extra[][]) {
				const { result } = await listed(row, { extras }, (sim) =>
					sim.faults.push('pass', 'bare200'),
				);
				expect(result.error?.message).toBeDefined();
				expect(result.items).toEqual([]);
			}
		});
	},
);
