import type { INodeParameters, INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import { isRepeatable, isUpdate } from '../../nodes/shared/operation/operations';
import { runNode, shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { aValueFor, NODE_TYPES, ROWS, SEEDED } from '../harness/tables';
import type { Row } from '../harness/tables';
import { parametersFor, prepareFor, WRITE_NEEDS } from '../harness/writeParameters';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';

// Over the whole operation table: every value a field carries as a number (an ID, a quantity, a rate, a price, a
// Limit), wherever it sits (a field, an Add Field collection, a row of products or rates, a row's own collection)
// and however the row sends it (its routing, or a body it builds itself), that an expression gave as text the node
// cannot read, or as a blank, is refused naming the field before any request: never dropped, never read as 0, never
// replaced by the platform's default. An update's Add Field value that comes out blank is left out instead (the
// value held stays: test/kinds holds that rule), never sent.

afterAll(async () => await shutdownEngine());

/** Where a value sits: a field, a collection's option, a row of a list of rows, or a row's collection. */
interface Place {
	field: INodeProperties;
	/** The names leading to it: [field], [collection, option], [list, group, value] or [list, group, collection, option]. */
	path: string[];
	/** The fields whose display rules must hold for it to be shown, outermost first. */
	shownBy: INodeProperties[];
}

/** Dropdowns whose options are record IDs (test/loaders/dropdowns.test.ts lists what each gives). */
const ID_DROPDOWNS = [
	'getServiceTypes',
	'getCallRateCards',
	'getProducts',
	'getPriceBooks',
	'getCustomerBundles',
	'getCallTypes',
];

/** A field carrying a number: of type number, a dropdown of record IDs, or a record's locator (not a customer's). */
function carries(field: INodeProperties): boolean {
	const loader = field.typeOptions?.loadOptionsMethod;
	if (field.type === 'number') return true;
	if (field.type === 'resourceLocator') return field.name !== 'cid';
	return typeof loader === 'string' && ID_DROPDOWNS.includes(loader);
}

function placesIn(options: INodeProperties[], path: string[], shownBy: INodeProperties[]): Place[] {
	return options.flatMap((option): Place[] => {
		if (option.type === 'collection')
			return placesIn(
				(option.options ?? []) as INodeProperties[],
				[...path, option.name],
				[...shownBy, option],
			);
		return carries(option) ? [{ field: option, path: [...path, option.name], shownBy }] : [];
	});
}

function placesOf(row: Row): Place[] {
	const listFields: INodeProperties[] = row.op.list
		? [{ displayName: 'Limit', name: 'limit', type: 'number', default: 50 }]
		: [];
	return [...(row.op.fields ?? []), ...listFields].flatMap((field): Place[] => {
		if (field.type === 'collection')
			return placesIn((field.options ?? []) as INodeProperties[], [field.name], [field]);
		if (field.type === 'fixedCollection')
			return ((field.options ?? []) as INodePropertyCollection[]).flatMap((group) =>
				placesIn(group.values, [field.name, group.name], [field]),
			);
		return carries(field) ? [{ field, path: [field.name], shownBy: [] }] : [];
	});
}

/** What a read needs besides its required fields to be carried out. */
const READ_NEEDS: Record<string, INodeParameters> = {
	'lead filter': { filters: { company: 'e' } },
};

const isWrite = (row: Row) =>
	!isRepeatable(row.op) && WRITE_NEEDS[`${row.resource} ${row.op.value}`] !== undefined;

/** The row's parameters on the seeded platform: what its writes need, or its required fields. */
function baseParameters(row: Row, sim: Simulator): INodeParameters {
	if (isWrite(row)) return parametersFor(row, sim);
	const parameters: INodeParameters = { resource: row.resource, operation: row.op.value };
	for (const field of row.op.fields ?? [])
		if (field.required) parameters[field.name] = aValueFor(field, SEEDED) as string;
	return { ...parameters, ...READ_NEEDS[`${row.resource} ${row.op.value}`] };
}

/** Sets the parameters a field's display rules name (`/report` is the node's) to a value that shows it. */
function show(field: INodeProperties, parameters: INodeParameters, within: INodeParameters): void {
	for (const [key, allowed] of Object.entries(field.displayOptions?.show ?? {})) {
		const values = (allowed ?? []) as unknown[];
		const [target, name] = key.startsWith('/') ? [parameters, key.slice(1)] : [within, key];
		if (!values.includes(target[name])) target[name] = values[0] as string;
	}
}

/** A row of a list of rows, as the editor adds it: each value its default, or a value the platform has. */
function newRow(values: INodeProperties[]): INodeParameters {
	return Object.fromEntries(
		values.filter((v) => v.type !== 'collection').map((v) => [v.name, aValueFor(v, {}) as string]),
	);
}

/** The parameters with `value` at the place, every field on the way shown. */
function placed(row: Row, place: Place, sim: Simulator, value: unknown): INodeParameters {
	const parameters = baseParameters(row, sim);
	const field = place.field;
	const given = field.type === 'resourceLocator' ? { __rl: true, mode: 'id', value } : value;
	const [top, ...rest] = place.path;
	show(place.shownBy[0] ?? field, parameters, parameters);
	if (rest.length === 0) {
		if (top === 'limit') parameters.returnAll = false;
		parameters[top] = given as string;
		return parameters;
	}
	const outer = { ...((parameters[top] as INodeParameters | undefined) ?? {}) };
	parameters[top] = outer;
	let holder = outer;
	const list = row.op.fields?.find((one) => one.name === top);
	if (list?.type === 'fixedCollection') {
		const [group, ...inner] = rest;
		const values = ((list.options ?? []) as INodePropertyCollection[]).find(
			(one) => one.name === group,
		)!.values;
		const rows = (outer[group] as INodeParameters[] | undefined) ?? [newRow(values)];
		holder = { ...rows[0] };
		outer[group] = [holder, ...rows.slice(1)];
		rest.splice(0, rest.length, ...inner);
	}
	for (const name of rest.slice(0, -1)) {
		const next = { ...((holder[name] as INodeParameters | undefined) ?? {}) };
		holder[name] = next;
		holder = next;
	}
	show(field, parameters, holder);
	holder[rest[rest.length - 1]] = given as string;
	return parameters;
}

// A row the spec gives no way to carry out is refused whatever it is given (test/validation holds it).
const cases = ROWS.filter(
	(row) => !WRITE_NEEDS[`${row.resource} ${row.op.value}`]?.refused,
).flatMap((row) => placesOf(row).map((place) => ({ row, place })));

/** How a refusal names the field: by its parameter, or by the property it is sent as. */
function names(said: string, field: INodeProperties): boolean {
	const sent = field.routing?.send?.property;
	return [field.name, sent].some((name) => name && said.includes(`(${name})`));
}

test('the numbers of the table are found: fields, collections, rows of lists, IDs from dropdowns', () => {
	const kinds = new Set(cases.map(({ place }) => place.path.length));
	expect(kinds).toEqual(new Set([1, 2, 3, 4]));
	expect(cases.length).toBeGreaterThan(60);
});

// One simulator for the file, renewed before each test: every test meets the seeded platform.
let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator();
});
beforeEach(async () => await sim.renew());
afterAll(async () => await sim.close());

/** Whether a request carries the value: in its address, or as the field's value in its body. */
function carried(request: { url: string; body?: unknown }, field: INodeProperties, value: string) {
	const body = JSON.stringify(request.body ?? {});
	if (value !== '') return request.url.includes(value) || body.includes(JSON.stringify(value));
	const properties = [field.name, field.routing?.send?.property].filter(Boolean);
	return properties.some((name) => new RegExp(`"${name}":(""|null)`).test(body));
}

const UNREADABLE = ['abc', '12x', ''];

// Four items a run: a number the field reads (not refused for it: the refusals below are the value's), then text,
// text and digits, and a blank, each refused naming the field, and none of them sent.
test.each(
	cases.map(
		(c) => [`${c.row.resource} → ${c.row.op.name}: ${c.place.path.join(' › ')}`, c] as const,
	),
)(
	'%s: text or a blank is refused naming the field, and never sent',
	async (_label, { row, place }) => {
		if (isWrite(row)) prepareFor(row, sim);
		const { field } = place;
		const readable = field.type === 'multiOptions' ? [1] : (SEEDED[field.name] ?? 1);
		const result = await runNode({
			nodeType: NODE_TYPES[row.node],
			parameters: placed(row, place, sim, '={{ $json.v }}'),
			input: [readable, ...UNREADABLE].map((v) => ({ v })),
			continueOnFail: true,
			credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
		});
		expect(result.error).toBeUndefined();
		// What each input item came to (a listing may output several items for one, or none).
		const said = [0, 1, 2, 3].map((index) =>
			result.items
				.filter((item) => (item.pairedItem as { item: number } | undefined)?.item === index)
				.map((item) => String(item.json.error ?? ''))
				.join(' '),
		);
		expect([said[0], names(said[0], field)]).toEqual([said[0], false]);
		for (const [index, value] of UNREADABLE.entries()) {
			const answer = said[index + 1];
			// An update's Add Field value that comes out blank is left out, the value held kept.
			const leftOut = value === '' && isUpdate(row.op) && place.path.length === 2;
			if (!(leftOut && !names(answer, field)))
				expect([answer, names(answer, field)]).toEqual([answer, true]);
			expect(sim.requests.filter((request) => carried(request, field, value))).toEqual([]);
		}
	},
);
