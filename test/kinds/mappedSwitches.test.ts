import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { parametersOf } from '../../nodes/shared/operation/parameters';
import { PORTAL, SANDBOX_LOGIN } from '../kits/account';
import { runNode, shutdownEngine } from '../harness/engine';
import type { RunResult } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { SENDING_ROWS, rowParameters } from '../harness/operationRuns';
import { NODE_TYPES } from '../harness/tables';
import type { Row } from '../harness/tables';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { reportMeasurement } from '../properties/settings';

// Issue 40, 8, over the whole table: every switch of every operation (its own, in its "Add Field" collections, and
// those of its kind: Dry Run, Return All, Simplify), mapped by an expression as text or a number, is read as n8n
// reads a boolean: the run sends and outputs exactly what the switch given as true or false does. A value that is
// neither is refused naming the switch, with nothing sent.

afterAll(async () => await shutdownEngine());

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator();
});
afterAll(async () => await sim.close());

interface Switch {
	row: Row;
	field: INodeProperties;
	collection?: INodeProperties;
}

const SWITCHES: Switch[] = SENDING_ROWS.flatMap((row) =>
	parametersOf(row.op).flatMap((field): Switch[] => {
		if (field.type === 'boolean') return [{ row, field }];
		if (field.type !== 'collection') return [];
		return ((field.options ?? []) as INodeProperties[])
			.filter((option) => option.type === 'boolean')
			.map((option) => ({ row, field: option, collection: field }));
	}),
);

function baseline(row: Row): INodeParameters {
	// A listing's Limit of 1, so Return All tells in what it outputs.
	return { ...rowParameters(row, sim), ...(row.op.list && { limit: 1 }) };
}

function withSwitch({ row, field, collection }: Switch, value: unknown): INodeParameters {
	const parameters = baseline(row);
	const given = value as INodeParameters[string];
	if (!collection) return { ...parameters, [field.name]: given };
	const values = (parameters[collection.name] as INodeParameters | undefined) ?? {};
	return { ...parameters, [collection.name]: { ...values, [field.name]: given } };
}

/** What a run sent and how it ended: the requests, and the error or the number of items. */
async function outcome(one: Switch, value: unknown, mapped?: unknown) {
	await sim.renew();
	const result: RunResult = await runNode({
		nodeType: NODE_TYPES[one.row.node],
		typeVersion: NODE_TYPES[one.row.node].description.defaultVersion,
		parameters: withSwitch(one, value),
		input: [{ s: mapped as INodeParameters[string] }],
		credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
		otherCredentials: { [PORTAL]: { baseUrl: sim.url, ...SANDBOX_LOGIN } },
	});
	return {
		requests: sim.requests.map(({ method, url, body }) => ({ method, url, body })),
		error: result.error?.message,
		items: result.items.map((item) => item.json),
	};
}

const MAPPED = '={{ $json.s }}';
const measured = { switches: SWITCHES.length, operations: 0, telling: 0, runs: 0 };
afterAll(() =>
	reportMeasurement(
		`mapped switches: ${measured.switches} switches of ${measured.operations} operations, ${measured.telling} ` +
			`that change what is sent or output, ${measured.runs} runs`,
	),
);
measured.operations = new Set(SWITCHES.map(({ row }) => `${row.resource} ${row.op.value}`)).size;

test('the switches are found: Dry Run on every update, Return All on every listing, the rows’ own', () => {
	expect(SWITCHES.filter(({ field }) => field.name === 'dryRun').length).toBeGreaterThan(5);
	expect(SWITCHES.filter(({ field }) => field.name === 'returnAll').length).toBeGreaterThan(10);
	expect(SWITCHES.length).toBeGreaterThan(40);
});

describe.each(
	SWITCHES.map(
		(one) =>
			[
				`${one.row.node} ${one.row.resource} → ${one.row.op.name}: ${one.collection ? `${one.collection.name}.` : ''}${one.field.name}`,
				one,
			] as const,
	),
)('%s', (_label, one) => {
	test('mapped as text or a number, it reads as the switch; anything else is refused naming it', async () => {
		const on = await outcome(one, true);
		const off = await outcome(one, false);
		measured.runs += 2;
		// A switch that changes nothing here (hidden for these parameters, or not read by this run) proves nothing.
		if (JSON.stringify(on) === JSON.stringify(off)) return;
		measured.telling++;
		for (const [mapped, as] of [
			['TRUE', on],
			['1', on],
			[1, on],
			['false', off],
			[0, off],
		] as const) {
			expect({ mapped, run: await outcome(one, MAPPED, mapped) }).toEqual({ mapped, run: as });
			measured.runs++;
		}
		const refused = await outcome(one, MAPPED, 'yes');
		measured.runs++;
		expect(refused.error).toMatch(new RegExp(`\\(${one.field.name}\\) must be true or false`));
		expect(refused.requests).toEqual([]);
	});
});

describe('the Call Record node’s switches, read by the same rule', () => {
	const node = new TelcoBillingCallRecord();
	const cdr = {
		orig_id: 'switch-1',
		startdate: '2026-11-20 10:00:00',
		callerid: '0412346601',
		direction: 'outbound',
		destination: '0498765432',
	};
	async function callRecord(parameters: INodeParameters, mapped: unknown, input = [{}]) {
		await sim.renew();
		const result = await runNode({
			nodeType: node,
			parameters,
			input: input.map((json) => ({ ...json, s: mapped as INodeParameters[string] })),
			credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
		});
		return {
			requests: sim.requests.map(({ method, url }) => `${method} ${url}`),
			error: result.error?.message,
			items: result.items.map((item) => item.json),
		};
	}

	test.each([
		['includeInactive', { operation: 'getExportSchedules' }, [{}]],
		['treatDuplicateAsSuccess', { operation: 'add', dataMode: 'autoMap' }, [cdr, cdr]],
	] as const)(
		'%s mapped as text reads as the switch; anything else is refused',
		async (name, own, input) => {
			const on = await callRecord({ ...own, [name]: true }, undefined, [...input]);
			const off = await callRecord({ ...own, [name]: false }, undefined, [...input]);
			expect(on).not.toEqual(off);
			for (const [mapped, as] of [
				['true', on],
				['1', on],
				['false', off],
				['0', off],
			] as const)
				expect({
					mapped,
					run: await callRecord({ ...own, [name]: MAPPED }, mapped, [...input]),
				}).toEqual({
					mapped,
					run: as,
				});
			const refused = await callRecord({ ...own, [name]: MAPPED }, 'yes', [...input]);
			expect(refused.error).toMatch(new RegExp(`\\(${name}\\) must be true or false`));
			expect(refused.requests).toEqual([]);
		},
	);
});
