import fc from 'fast-check';
import type { INodeParameters } from 'n8n-workflow';
import { TelcoBillingBulkEmail } from '../../nodes/TelcoBillingBulkEmail/TelcoBillingBulkEmail.node';
import { runNode, shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import type { Customer } from '../simulator/state';
import { propertySettings } from './settings';

// Invariant: nobody outside the chosen filters is ever mailed. Generated filter rows (the department's
// keys, spelled exactly or as an expression might mistype them; values picked from real customers, in
// other cases, or blank) and customer ids (typed in, or by expression: joined, an array, empty, a missing
// column) go through Bulk Email Create (either guard) or Preview; the
// simulator's sender then runs. A row the platform would ignore (unknown field, blank value) must be
// refused with nothing but the filter fields read; otherwise the campaign's recipients, and every message
// in the outbox, are exactly the customers the rows select as written, by a rule apart from the simulator's.

const nodeType = new TelcoBillingBulkEmail();
afterAll(async () => await shutdownEngine());

// Jest's 30 s is for one test; a property runs many cases (more under TELCO_PROPERTY_RUNS).
const PER_RUN_MS = 2_000;
const settings = propertySettings<[Case]>(25);

const TEXT = ['suburb', 'street', 'business_type'] as const;
const SELECT = ['billinggroup', 'account_state', 'billingcycle'] as const;
type Field = (typeof TEXT)[number] | (typeof SELECT)[number];
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const spellings = {
	exact: (key: string) => key,
	capitalised: (key: string) => key[0].toUpperCase() + key.slice(1),
	upper: (key: string) => key.toUpperCase(),
	spaced: (key: string) => `${key} `,
	mistyped: (key: string) => `${key}s`,
	stale: () => 'postcode',
};
type Spelling = keyof typeof spellings;

const rowArb = fc.record({
	field: fc.constantFrom<Field>(...TEXT, ...SELECT),
	spelling: fc.oneof(
		{ arbitrary: fc.constant<Spelling>('exact'), weight: 6 },
		{
			arbitrary: fc.constantFrom<Spelling>('capitalised', 'upper', 'spaced', 'mistyped', 'stale'),
			weight: 1,
		},
	),
	value: fc.oneof(
		{
			arbitrary: fc.record({
				pick: fc.nat(),
				length: fc.integer({ min: 1, max: 6 }),
				upper: fc.boolean(),
			}),
			weight: 8,
		},
		{ arbitrary: fc.constantFrom('', '   '), weight: 1 },
	),
	join: fc.constantFrom('AND', 'OR'),
});

const caseArb = fc.record({
	operation: fc.constantFrom('create', 'create', 'preview'),
	guard: fc.constantFrom('automatic', 'manual'),
	rows: fc.array(rowArb, { maxLength: 4 }),
	customerPicks: fc.option(fc.array(fc.nat(), { maxLength: 6 }), { nil: undefined }),
	// How a workflow gives Customer IDs: typed in, or by expression from the item (a list joined into text,
	// the array itself, a column the item lacks).
	idsAs: fc.constantFrom('text', 'joined', 'array', 'missingColumn'),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function eligibleOf(sim: Simulator): Customer[] {
	return sim.state.customers.filter((c) => c.deptid === 1 && c.active && EMAIL.test(c.email));
}

/** A row as the node gets it (field, join, option or value), with the key meant and the value as text. */
interface FilterRow {
	field: string;
	join: string;
	option?: string;
	value?: string;
	meant: Field;
	text: string;
}

/** The filter rows as the node's parameters, values resolved against the department's customers. */
function rowsOf(sim: Simulator, generated: Case['rows']): FilterRow[] {
	const customers = sim.state.customers.filter((c) => c.deptid === 1);
	return generated.map((row) => {
		let value: string;
		if (typeof row.value === 'string') value = row.value;
		else {
			const own = String(customers[row.value.pick % customers.length][row.field] ?? '');
			const text = (TEXT as readonly string[]).includes(row.field)
				? own.slice(0, row.value.length)
				: own;
			value = row.value.upper ? text.toUpperCase() : text;
		}
		const field = spellings[row.spelling](row.field);
		const select = (SELECT as readonly string[]).includes(row.field);
		const filterRow: FilterRow = { field, join: row.join, meant: row.field, text: value };
		if (select) filterRow.option = value;
		else filterRow.value = value;
		return filterRow;
	});
}

/** Who the rows select as written: text contains (any case), select exactly, left to right by join. */
function chosen(sim: Simulator, rows: FilterRow[], ids: number[] | undefined): number[] {
	const eligible = eligibleOf(sim);
	let selected: Set<Customer> | undefined;
	for (const row of rows) {
		const matches = new Set(
			eligible.filter((c) => {
				const own = String(c[row.meant] ?? '');
				return (TEXT as readonly string[]).includes(row.meant)
					? own.toLowerCase().includes(row.text.toLowerCase())
					: own === row.text;
			}),
		);
		if (!selected) selected = matches;
		else if (row.join === 'OR') selected = new Set([...selected, ...matches]);
		else selected = new Set([...selected].filter((c) => matches.has(c)));
	}
	return eligible
		.filter((c) => !selected || selected.has(c))
		.filter((c) => !ids || ids.includes(c.cid))
		.map((c) => c.cid);
}

test(
	'Bulk Email: nobody outside the chosen filters is ever mailed; a row the platform would ignore is refused before sending',
	async () => {
		await fc.assert(
			fc.asyncProperty(caseArb, async (generated) => {
				const sim = await startSimulator({ bulkEmail: { perRun: 1000, failEvery: 0 } });
				try {
					const rows = rowsOf(sim, generated.rows);
					const eligible = eligibleOf(sim);
					const picked = generated.customerPicks?.map((k) => eligible[k % eligible.length].cid);
					const { idsAs } = generated;
					const customerIds =
						picked === undefined
							? ''
							: {
									text: picked.join(', '),
									joined: "={{ $json.ids.join(',') }}",
									array: '={{ $json.ids }}',
									missingColumn: '={{ $json.cids }}',
								}[idsAs];
					// An expression that comes out blank would widen to everyone: refused before sending.
					const blankRefused =
						picked !== undefined &&
						(idsAs === 'missingColumn' || (idsAs === 'joined' && picked.length === 0));
					// Typed-in text with no IDs is an empty field: no narrowing; an empty array is nobody.
					const ids = idsAs === 'text' && picked?.length === 0 ? undefined : picked;
					const expected = chosen(sim, rows, ids);
					const parameters: INodeParameters = {
						resource: 'campaign',
						operation: generated.operation,
						subject: 'Hello {{name}}',
						content: 'News for {{company}}',
						sampleLimit: 1000,
						filters: {
							rows: rows.map(({ field, join, option, value }) => ({ field, join, option, value })),
						},
						customerIds,
						guard: generated.guard,
						expectedCount: Math.max(1, expected.length),
					} as unknown as INodeParameters;
					const result = await runNode({
						nodeType,
						parameters,
						input: [{ ids: picked ?? [] }],
						credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
					});
					sim.state.bulkEmail.drain();
					const mailed = sim.state.bulkEmail.outbox.map((m) => m.cid);
					const writes = sim.requests.filter((r) => !r.url.endsWith('/bulk-email/filters'));
					// A select value that is no option key (another case): the spec does not say the platform narrows by
					// it, so it is refused like a row the platform ignores.
					const options = new Map(
						sim.state.bulkEmail
							.filterFields(1)
							.map((field) => [field.key, field.options.map((option) => option.key)]),
					);
					const unknownOption = rows.some(
						(row) =>
							(SELECT as readonly string[]).includes(row.meant) &&
							!options.get(row.meant)?.includes(row.text),
					);
					const ignored =
						unknownOption || rows.some((row) => row.field !== row.meant || row.text.trim() === '');
					if (blankRefused) {
						expect(result.error?.message).toMatch(
							/^Customer IDs \(customerIds\) came out blank|^Filters \(filters\)/,
						);
						expect(writes).toEqual([]);
						expect(mailed).toEqual([]);
						return;
					}
					if (ignored) {
						expect(result.error?.message).toMatch(/^Filters \(filters\)/);
						expect(writes).toEqual([]);
						expect(mailed).toEqual([]);
						return;
					}
					if (generated.operation === 'preview') {
						expect(result.error).toBeUndefined();
						const [out] = result.items.map((i) => i.json);
						expect(out.count).toBe(expected.length);
						expect((out.recipients as Array<{ cid: number }>).map((r) => r.cid).sort()).toEqual(
							[...expected].sort(),
						);
						expect(sim.state.bulkEmail.campaigns).toEqual([]);
						return;
					}
					if (expected.length === 0) {
						expect(result.error?.message).toMatch(/no_recipients/);
						expect(sim.state.bulkEmail.campaigns).toEqual([]);
					} else {
						expect(result.error).toBeUndefined();
						const [campaign] = sim.state.bulkEmail.campaigns;
						expect(campaign.recipients.map((r) => r.cid).sort()).toEqual([...expected].sort());
					}
					expect(mailed.filter((cid) => !expected.includes(cid))).toEqual([]);
					expect([...mailed].sort()).toEqual([...expected].sort());
				} finally {
					await sim.close();
				}
			}),
			settings,
		);
	},
	PER_RUN_MS * (settings.numRuns ?? 1) + 30_000,
);
