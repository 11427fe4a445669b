import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NODE_TYPES } from '../harness/tables';
import { runNode, shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import type { Traits } from '../simulator/traits';

// Found by a review: a customer picked from the list is proven before its ID goes into a {cid} path, but a cid
// in a request BODY was still looked up through customer/balance/{digits}, and the body got whichever customer
// that path reached. With customer 1002's crm_id "1003", on a platform where a path reaches by crm_id, a charge
// for the picked customer 1003 landed on 1002. A body's cid is the integer customer ID (the spec's tables say
// so): the picked customer's ID goes there as it is.

afterAll(async () => await shutdownEngine());

const BODY_WRITES: Array<[string, INodeParameters]> = [
	[
		'customer',
		{
			resource: 'customer',
			operation: 'addChargeItem',
			chargeFields: { description: 'Picked charge', amount: 5 },
		},
	],
	[
		'service',
		{
			resource: 'service',
			operation: 'create',
			servicetype: 1,
			service_num: '0399990001',
			start_date: '2026-11-20',
		},
	],
	['service', { resource: 'bundle', operation: 'create', name: 'Picked Pack' }],
	[
		'crm',
		{
			resource: 'sale',
			operation: 'create',
			use: 'sale',
			date: '2026-11-20',
			products: { product: [{ pid: 1, price: 10, quantity: 1 }] },
		},
	],
	[
		'crm',
		{ resource: 'order', operation: 'create', products: { product: [{ pid: 1, quantity: 1 }] } },
	],
];

const PLATFORMS: Array<Partial<Traits>> = [{ pathRef: 'crmId' }, { pathRef: 'listed' }];

function bodyCids(sim: Simulator): unknown[] {
	return sim.requests
		.filter((request) => request.method === 'POST')
		.flatMap((request) => (Array.isArray(request.body) ? request.body : [request.body]))
		.map((body) => (body as IDataObject | undefined)?.cid)
		.filter((cid) => cid !== undefined);
}

describe.each(PLATFORMS.map((traits) => [JSON.stringify(traits), traits] as const))(
	'on the platform %s',
	(_label, traits) => {
		test.each(
			BODY_WRITES.map(
				([node, parameters]) =>
					[
						`${node} ${String(parameters.resource)} ${String(parameters.operation)}`,
						node,
						parameters,
					] as const,
			),
		)(
			'%s for a customer picked from the list carries that customer’s ID in its body',
			async (_name, node, parameters) => {
				const sim = await startSimulator({ traits });
				try {
					sim.state.customers.find((c) => c.cid === 1002)!.crm_id = '1003';
					const result = await runNode({
						nodeType: NODE_TYPES[node],
						parameters: { ...parameters, cid: { __rl: true, mode: 'list', value: '1003' } },
						credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
					});
					expect(result.error).toBeUndefined();
					const cids = bodyCids(sim);
					expect(cids.length).toBeGreaterThan(0);
					for (const cid of cids) expect(Number(cid)).toBe(1003);
				} finally {
					await sim.close();
				}
			},
		);
	},
);
