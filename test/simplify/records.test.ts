import type { IDataObject } from 'n8n-workflow';
import { rl, useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';

/*
 * n8n's UX guidelines through the engine, on the Service node's records (16 fields; 20 in a search):
 * Simplify on by default in a node added now (version 1.1), a saved version 1 node's output unchanged,
 * and the AI tool variant's Output (Simplified / Raw / Selected Fields) with the record's id always kept.
 */
const { node, service, state } = useService();

const TEN = [
	'id',
	'cid',
	'service_num',
	'billing_name',
	'service_status',
	'servicetype',
	'monthlyfee',
	'start_date',
	'date_ended',
	'bundle_id',
];

async function getService(
	parameters: IDataObject = {},
	options: { typeVersion?: number; asTool?: boolean } = {},
) {
	const target = state().services[0];
	const result = await node.run(
		service('get', { serviceId: rl(target.id), ...parameters }),
		options,
	);
	expect(result.error).toBeUndefined();
	return { target, json: jsonOf(result) };
}

describe('Simplify', () => {
	test('a saved version 1 node outputs the whole record, as before', async () => {
		const { target, json } = await getService();
		expect(Object.keys(json[0]).length).toBeGreaterThan(10);
		expect(json[0]).toMatchObject({ id: target.id, username: target.username });
	});

	test('a node added now (version 1.1) outputs the ten most useful fields, the platform’s values', async () => {
		const raw = (await getService({}, { typeVersion: 1 })).json[0];
		const { json } = await getService({}, { typeVersion: 1.1 });
		expect(Object.keys(json[0])).toEqual(TEN);
		for (const field of TEN) expect(json[0][field]).toEqual(raw[field]);
	});

	test('Simplify off in version 1.1 gives the whole record; version 1 has no Simplify', async () => {
		const raw = (await getService({ simple: false }, { typeVersion: 1.1 })).json[0];
		expect(raw).toEqual((await getService()).json[0]);
		expect((await getService({ simple: true })).json[0]).toEqual(raw);
	});

	test('every record of a listing is simplified (Search, several records)', async () => {
		const result = await node.run(
			service('search', {
				criteria: { rows: [{ field: 'service_status', operator: 'like', value: 'active' }] },
			}),
			{ typeVersion: 1.1 },
		);
		expect(result.error).toBeUndefined();
		const records = jsonOf(result);
		expect(records.length).toBeGreaterThan(1);
		for (const record of records) expect(Object.keys(record)).toEqual(TEN);
	});
});

describe('Output on the AI tool variant', () => {
	test('Simplified by default in a tool added now; the Simplify toggle is not a tool’s', async () => {
		const { json } = await getService({ simple: false }, { typeVersion: 1.1, asTool: true });
		expect(Object.keys(json[0])).toEqual(TEN);
	});

	test('Raw gives the whole record; a version 1 tool keeps its raw output', async () => {
		const whole = (await getService()).json[0];
		expect(
			(await getService({ toolOutput: 'raw' }, { typeVersion: 1.1, asTool: true })).json[0],
		).toEqual(whole);
		expect((await getService({}, { asTool: true })).json[0]).toEqual(whole);
	});

	test('Selected Fields gives those fields and the id, even when the id is not picked', async () => {
		const { target, json } = await getService(
			{ toolOutput: 'selected', selectedFields: ['service_num', 'monthlyfee'] },
			{ typeVersion: 1.1, asTool: true },
		);
		expect(json).toEqual([
			{ id: target.id, service_num: target.service_num, monthlyfee: target.monthlyfee },
		]);
	});
});
