import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { runNode, shutdownEngine } from '../harness/engine';
import { NODE_TYPES, ROWS } from '../harness/tables';

/*
 * Each expression a user writes is evaluated once per item. n8n evaluates an expression at every read of its
 * parameter (in n8n 2.41, each in its expression isolate): a node that read a parameter twice, or declared a
 * field once per operation where n8n walks every declaration, paid for it on every item. Here every field of
 * every operation is an expression reading the item through a getter that counts its reads.
 */

const ITEMS = 2;

/** A value the field would plausibly hold: what the getter hands the expression. */
function sample(field: INodeProperties): unknown {
	switch (field.type) {
		case 'number':
			return 1;
		case 'boolean':
			return false;
		case 'dateTime':
			return '2026-01-05';
		case 'multiOptions':
			return [];
		case 'options':
			return (field.options as Array<{ value: unknown }> | undefined)?.[0]?.value ?? 1;
		default:
			return '1001';
	}
}

/** The parameter that makes a field an expression reading `$json[key]`. */
function expressionFor(field: INodeProperties, key: string): unknown {
	const expression = `={{ $json["${key}"] }}`;
	return field.type === 'resourceLocator'
		? { __rl: true, mode: 'id', value: expression }
		: expression;
}

/** Every field of the row as an expression, one key of the item each; a collection gets its first sent field. */
function expressionParameters(fields: INodeProperties[]) {
	const parameters: INodeParameters = {};
	const keys = new Map<string, INodeProperties>();
	for (const field of fields) {
		if (field.type === 'collection') {
			const inner = ((field.options ?? []) as INodeProperties[]).find((o) => o.routing?.send);
			if (!inner) continue;
			const key = `${field.name}.${inner.name}`;
			keys.set(key, inner);
			parameters[field.name] = { [inner.name]: expressionFor(inner, key) } as INodeParameters;
		} else if (
			!['fixedCollection', 'notice', 'hidden'].includes(field.type) &&
			!field.noDataExpression
		) {
			keys.set(field.name, field);
			parameters[field.name] = expressionFor(field, field.name) as string;
		}
	}
	return { parameters, keys };
}

/** Items whose every key counts its reads. */
function countingItems(
	keys: Map<string, INodeProperties>,
	reads: Map<string, number>,
): IDataObject[] {
	return Array.from({ length: ITEMS }, (_, item) => {
		const json: IDataObject = {};
		for (const [key, field] of keys)
			Object.defineProperty(json, key, {
				enumerable: true,
				get: () => {
					reads.set(`${item} ${key}`, (reads.get(`${item} ${key}`) ?? 0) + 1);
					return sample(field);
				},
			});
		return json;
	});
}

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator();
});
afterAll(async () => {
	await sim.close();
	await shutdownEngine();
});

describe.each(ROWS.map((row) => [`${row.node} ${row.resource} → ${row.op.name}`, row] as const))(
	'%s',
	(_label, { node, resource, op }) => {
		test('reads each expression at most once per item', async () => {
			const { parameters, keys } = expressionParameters(op.fields ?? []);
			const reads = new Map<string, number>();
			await runNode({
				nodeType: NODE_TYPES[node],
				parameters: { resource, operation: op.value, ...parameters },
				input: countingItems(keys, reads),
				continueOnFail: true,
				credentials: { baseUrl: sim.url, apiKey: 'demo-key-0001' },
				otherCredentials: {
					telcoBillingPortalLoginApi: { baseUrl: sim.url, username: 'u', password: 'p' },
				},
			});
			const twice = [...reads].filter(([, count]) => count > 1);
			expect(twice).toEqual([]);
		});
	},
);

test('the fields an item needs are read: a path value once for each item', async () => {
	const reads = new Map<string, number>();
	const cid = {
		displayName: 'Customer',
		name: 'cid',
		type: 'string',
		default: '',
	} as INodeProperties;
	const keys = new Map([['cid', cid]]);
	await runNode({
		nodeType: NODE_TYPES.customer,
		parameters: {
			resource: 'customer',
			operation: 'getBalance',
			...expressionParameters([cid]).parameters,
		},
		input: countingItems(keys, reads),
		credentials: { baseUrl: sim.url, apiKey: 'demo-key-0001' },
	});
	expect([...reads]).toEqual([
		['0 cid', 1],
		['1 cid', 1],
	]);
});
