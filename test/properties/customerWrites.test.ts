import { bundleOf } from '../harness/records';
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { isRepeatable } from '../../nodes/shared/operation/operations';
import { endpointOf } from '../conformance/endpoints';
import { shutdownEngine } from '../harness/engine';
import { NODE_TYPES, ROWS } from '../harness/tables';
import type { Simulator } from '../simulator/app';
import { propertySettings } from './settings';
import { onFreshPlatform, platformCase } from './platform';
import { named, reference, spelled } from './references';

// Every write that takes a customer (money first: payments, charges, sales, orders), quantified over the
// operation table: given a customer the way people and models give one, on a platform drawn from the family
// the spec allows, a request that writes reaches only the customer the reference names (an id, as the
// platform's path takes it; a name exactly; an email ignoring case), or nothing is written.

afterAll(async () => await shutdownEngine());

/** What each write taking a customer needs besides the customer: a new row of that kind must say. */
const NEEDS: Record<string, INodeParameters> = {
	'customer update': { updateFields: { mobile: '0400123456' } },
	'customer takePayment': { amount: 5, pay_with: 'card_on_file' },
	'customer recordExternalPayment': { transaction_id: 'tx-prop-1', amount: 5 },
	'customer addChargeItem': { chargeFields: { description: 'Property charge', amount: 5 } },
	'customer setCreditManagement': { status: '1' },
	'contact create': { contactFields: { first_name: 'Pat', last_name: 'Lee' } },
	'contact update': { contactId: '1', updateFields: { mobile: '0400123456' } },
	'contact delete': { contactId: '1' },
	'service create': { servicetype: 1, service_num: '0399990001', start_date: '2026-11-20' },
	'bundle create': { name: 'Property Pack' },
	'bundle update': { bundleId: '1', name: 'Property Pack' },
	'sale create': {
		use: 'sale',
		date: '2026-11-20',
		products: { product: [{ pid: 1, price: 10, quantity: 1 }] },
	},
	'order create': { products: { product: [{ pid: 1, quantity: 1 }] } },
};

const customerWrites = ROWS.filter(
	({ op }) =>
		!isRepeatable(op) &&
		op.value !== 'upsert' &&
		(op.fields ?? []).some((field) => field.name === 'cid' && field.type === 'resourceLocator'),
);

test('every write that takes a customer is held to this property', () => {
	expect(customerWrites.map(({ resource, op }) => `${resource} ${op.value}`).sort()).toEqual(
		Object.keys(NEEDS).sort(),
	);
});

/** The customer ids a request wrote to: its path's {cid} as the platform reaches it, or its body's cid. */
function writtenTo(
	sim: Simulator,
	request: { method: string; url: string; body?: unknown },
): number[] {
	const path = request.url.split('?')[0];
	const endpoint = endpointOf(request.method, path);
	const at = endpoint?.segments.indexOf('{cid}') ?? -1;
	if (at >= 0) {
		const ref = decodeURIComponent(path.split('/').slice(1)[at]);
		const customer = sim.state.findCustomer(1, ref);
		return customer ? [customer.cid] : [];
	}
	const bodies = Array.isArray(request.body) ? request.body : [request.body];
	return bodies
		.map((body) => Number((body as IDataObject | undefined)?.cid))
		.filter((cid) => Number.isInteger(cid) && cid > 0);
}

const WRITES = /^(POST|GET)$/;

describe.each(customerWrites.map((row) => [`${row.resource} → ${row.op.name}`, row] as const))(
	'%s',
	(_label, { node, resource, op }) => {
		test('writes only to the customer its reference names, or writes nothing', async () => {
			// Some case must write, or the property proves nothing about where writes go.
			let wrote = 0;
			await fc.assert(
				fc.asyncProperty(
					platformCase,
					reference,
					fc.boolean(),
					fc.boolean(),
					fc.boolean(),
					async (platform, ref, shared, collide, picked) => {
						let given: string | number = '';
						await onFreshPlatform(
							NODE_TYPES[node],
							platform,
							{
								parameters: {
									resource,
									operation: op.value,
									// Picked from the customer list (its value a customer ID), or given By ID.
									cid: picked
										? { __rl: true, mode: 'list', value: String(ref.cid) }
										: { __rl: true, mode: 'id', value: '={{ $json.ref }}' },
									...NEEDS[`${resource} ${op.value}`],
								},
								get input() {
									return [{ ref: given }];
								},
								prepare: (sim) => {
									if (shared)
										sim.state.customers.find((c) => c.cid === 1003)!.company =
											sim.state.customers.find((c) => c.cid === 1004)!.company;
									// An older customer's crm_id is another's customer ID, as digits (CRM ids often are).
									if (collide)
										sim.state.customers.find((c) => c.cid === 1002)!.crm_id = String(ref.cid);
									given = picked ? String(ref.cid) : spelled(sim, ref);
									// The bundle an update names is the named customer's: only then may it be written.
									if (resource === 'bundle' && op.value === 'update')
										sim.state.bundles.push(bundleOf(ref.cid, 1, 'Property Pack'));
								},
							},
							(result, sim) => {
								// A customer picked from the list is the customer whose ID the list gave.
								const names = picked ? [ref.cid] : named(sim, given);
								const reached = sim.requests
									.filter((request) => WRITES.test(request.method))
									.filter((request) => !isRead(request))
									.flatMap((request) => writtenTo(sim, request));
								for (const cid of reached) expect([given, names]).toEqual([given, [cid]]);
								if (reached.length) wrote++;
								if (names.length !== 1) expect([given, reached]).toEqual([given, []]);
								void result;
							},
						);
					},
				),
				propertySettings(4),
			);
			expect(wrote).toBeGreaterThan(0);
		});
	},
);

/** The lookups a write makes first (a balance, a search, the customer list) write nothing. */
function isRead({ method, url }: { method: string; url: string }): boolean {
	const path = url.split('?')[0];
	return (
		/\/customer\/(balance|search|getAll)|\/serviceBundles\/get/.test(path) ||
		(method === 'GET' && /\/customer\/[^/]+\/contacts$/.test(path))
	);
}
