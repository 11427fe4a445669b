import type { INodeParameters } from 'n8n-workflow';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { runNode, shutdownEngine } from '../harness/engine';
import { NODE_TYPES, ROWS } from '../harness/tables';
import { isCreate } from '../../nodes/shared/operation/operations';

/*
 * Found by a fresh-eyes review. A create whose answer the spec shows with the new record's id (`{success, id}`,
 * `{result, id}`, `{success:true, ctgid}`, the campaign's `{success, …, id, status, recipient_count}`) may come
 * back as HTTP 200 `{"success":true}` and nothing else: a platform build that drops the data, a proxy. That
 * answer says nothing of what was created, or whether anything was. answersWithoutData.test.ts makes it a
 * failure for every row with a root; these rows have none, and the node outputs `{success: true}` as the item
 * the user's workflow then carries on with, the id missing.
 */

const rl = (value: string) => ({ __rl: true, mode: 'id', value });

const CREATES: Array<[string, string, string, INodeParameters]> = [
	[
		'customer',
		'customer',
		'create',
		{ customerFields: { company: 'Acme Fibre', email: 'jo@acme.example' } },
	],
	[
		'service',
		'service',
		'create',
		{ cid: rl('1001'), servicetype: 2, service_num: '0499000111', start_date: '2026-11-01' },
	],
	['service', 'service', 'addMiscCharge', { enid: rl('20001'), pid: 1, charge_date: '2026-12-01' }],
	['service', 'bundle', 'create', { cid: rl('1001'), name: 'Office Pack' }],
	[
		'catalog',
		'priceBook',
		'create',
		{
			name: 'Wholesale',
			items: { item: [{ related_type: 'service', related_id: 3, override: 0, adjustment: 80 }] },
		},
	],
	[
		'catalog',
		'callRate',
		'create',
		{ cardFields: { name: 'Night Owl' }, callTypes: { rate: [{ ctid: 2, ratepermin: 0.09 }] } },
	],
	[
		'crm',
		'order',
		'create',
		{ cid: rl('1002'), products: { product: [{ pid: 1, quantity: 1, price: 0 }] } },
	],
	[
		'customer',
		'customer',
		'addChargeItem',
		{ cid: 'ACC-1-0003', chargeFields: { description: 'Router', amount: 99 } },
	],
	[
		'bulkEmail',
		'campaign',
		'create',
		{ subject: 'Hello', content: 'Hi {{name}}', customerIds: '1001' },
	],
];

let sim: Simulator;
beforeEach(async () => {
	sim = await startSimulator();
});
afterEach(async () => await sim.close());
afterAll(async () => await shutdownEngine());

test('every create of the tables declares what its answer shows (a root, or keys), and each that names keys is tried here', () => {
	const creates = ROWS.filter(({ op }) => isCreate(op));
	expect(
		creates
			.filter(({ op }) => op.output?.shows === undefined && !op.output?.root)
			.map(({ op }) => op.action),
	).toEqual([]);
	const named = creates.filter(({ op }) => op.output?.shows?.length);
	expect(named.map(({ node, resource, op }) => `${node} ${resource} ${op.value}`).sort()).toEqual(
		CREATES.map(([node, resource, operation]) => `${node} ${resource} ${operation}`).sort(),
	);
});

describe.each(CREATES.map((row) => [`${row[0]} ${row[1]} → ${row[2]}`, ...row] as const))(
	'%s',
	(_label, node, resource, operation, parameters) => {
		const run = async () =>
			await runNode({
				nodeType: NODE_TYPES[node],
				parameters: { resource, operation, ...parameters },
				input: [{}],
				continueOnFail: true,
				credentials: { baseUrl: sim.url, apiKey: 'demo-key-0001' },
			});

		test('an answer of success without the new id is a failure, not a created record', async () => {
			// The requests the create makes on a good day (a customer lookup, a count first): the last is the write.
			const good = await run();
			expect(good.items.map((item) => item.json.error)).toEqual([undefined]);
			const requests = sim.requests.length;
			await sim.close();
			sim = await startSimulator();
			for (let i = 0; i < requests - 1; i++) sim.faults.push('pass');
			sim.faults.push('bare200');
			const result = await run();
			expect(result.items.map((item) => item.json)).toEqual([
				expect.objectContaining({
					error: expect.stringMatching(
						/^The platform answered success without the \w+ the spec shows/,
					),
				}),
			]);
		});
	},
);
