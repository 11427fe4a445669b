import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { runNode, shutdownEngine } from '../harness/engine';
import { NODE_TYPES, ROWS, SEEDED, aValueFor } from '../harness/tables';
import type { Row } from '../harness/tables';
import { bundleOf } from '../harness/records';

/*
 * Every body field an operation offers is sent when the user gives it, so the conformance guard checks it
 * against the spec entry of its endpoint (test/spec/): a field added to a row and not to the spec source
 * fails here, whichever other test would have left it unsent.
 */

/** Values the platform's formats ask for; otherwise a seeded record's ID or a plain value of the type. */
const GIVEN: Record<string, unknown> = {
	...SEEDED,
	category: 'note',
	token: 'a'.repeat(64),
	password: 'long enough 1',
	password_confirm: 'long enough 1',
	cc_number: '4111111111111111',
	cc_expmonth: '07',
	cc_expyear: '2030',
	cc_ccv: '123',
};

/** Fields that choose what is sent rather than being sent. */
const CHOOSERS: Record<string, string> = {
	pay_with: 'Take Payment sends the one payment source it names (card_on_file, bank_on_file, …)',
};

let people = 0;

/** A value the field takes: a dropdown loaded from the platform takes ID 1, as a picked value is. */
function valueFor(field: INodeProperties): unknown {
	const first = (field.options as Array<{ value: unknown }> | undefined)?.[0]?.value;
	const loaded = Boolean(field.typeOptions?.loadOptionsMethod);
	if (field.type === 'options' && loaded) return 1;
	// A new person each time: Create or Update then creates, sending every field, on a simulator it shares.
	if (field.name === 'email') return `new.person.${people}@example.net`;
	if (GIVEN[field.name] !== undefined) return GIVEN[field.name];
	if (field.type === 'options') return first ?? field.default;
	if (field.type === 'multiOptions') return [loaded ? 1 : first];
	if (field.type === 'boolean') return true;
	return aValueFor(field, GIVEN as Record<string, string>);
}

interface BodyField {
	field: INodeProperties;
	/** The key it is sent under. */
	property: string;
	/** The collection it is an option of. */
	collection?: INodeProperties;
}

function bodyFields(fields: INodeProperties[]): BodyField[] {
	const sent = (field: INodeProperties, collection?: INodeProperties): BodyField[] =>
		field.routing?.send?.type === 'body' && !CHOOSERS[field.name]
			? [{ field, property: String(field.routing.send.property ?? field.name), collection }]
			: [];
	return fields.flatMap((field) =>
		field.type === 'collection'
			? ((field.options ?? []) as INodeProperties[]).flatMap((option) => sent(option, field))
			: sent(field),
	);
}

/**
 * The row's required fields and every collection filled (one rule may need several fields, as a charge item
 * its description), the given field, and the body fields shown with it (a card's five).
 */
function parameters(row: Row, given: BodyField): INodeParameters {
	const out: INodeParameters = {};
	people += 1;
	const show = given.field.displayOptions?.show;
	for (const field of row.op.fields ?? []) {
		const shownWith =
			show &&
			field.routing?.send &&
			JSON.stringify(field.displayOptions?.show) === JSON.stringify(show);
		if (field.type === 'collection')
			out[field.name] = Object.fromEntries(
				((field.options ?? []) as INodeProperties[])
					.filter((option) => option.routing?.send)
					.map((option) => [option.name, valueFor(option)]),
			) as INodeParameters;
		else if (field.required || GIVEN[field.name] !== undefined || shownWith)
			out[field.name] = valueFor(field) as string;
	}
	for (const [name, values] of Object.entries(show ?? {}))
		out[name] = (values as unknown[])[0] as string;
	if (!given.collection) out[given.field.name] = valueFor(given.field) as string;
	return out;
}

/** Every key a body carries, in the records of an array body and in nested records too. */
function keysOf(body: unknown): string[] {
	if (Array.isArray(body)) return body.flatMap(keysOf);
	if (!body || typeof body !== 'object') return [];
	return Object.entries(body as IDataObject).flatMap(([key, value]) => [key, ...keysOf(value)]);
}

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
