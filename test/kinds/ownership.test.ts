import type { INodeParameters, INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import { isRepeatable } from '../../nodes/shared/operation/operations';
import { bundleOf } from '../harness/records';
import { ROWS } from '../harness/tables';
import type { Row } from '../harness/tables';
import { rl, useService } from '../kits/service';
import type { Simulator } from '../simulator/app';
const { node, state } = useService();

// A record never moves between customers unasked, over every write that carries a customer and a bundle or a
// service: a bundle or a service is attached to, or moved to, a customer only where the operation says so (Service
// Update's Customer ID moves a service) and never into another customer's bundle, whichever way the customer is
// given (typed ID, picked from the list, its account_id). The spec does not say the platform checks whose a bundle
// is; the simulator does not: what it stores afterwards is what the platform would hold.

const CUSTOMER = ['cid'];
const BUNDLE_OR_SERVICE = ['bundleId', 'bundle_id', 'serviceId', 'serviceIds', 'enid'];

function namesOf(fields: INodeProperties[]): string[] {
	return fields.flatMap((field) => [
		field.name,
		...(field.type === 'collection' ? namesOf((field.options ?? []) as INodeProperties[]) : []),
		...(field.type === 'fixedCollection'
			? ((field.options ?? []) as INodePropertyCollection[]).flatMap((group) =>
					namesOf(group.values),
				)
			: []),
	]);
}

const carrying = ROWS.filter((row) => {
	const names = namesOf(row.op.fields ?? []);
	return (
		!isRepeatable(row.op) &&
		CUSTOMER.some((name) => names.includes(name)) &&
		BUNDLE_OR_SERVICE.some((name) => names.includes(name))
	);
});
const keyOf = (row: Row) => `${row.resource} ${row.op.value}`;

/** 1001 and 1002 each with a bundle (40009, 40010); service 20001 of 1001 in 40009. */
function seed(sim: Simulator) {
	sim.state.bundles.push(bundleOf(1001, 40009), bundleOf(1002, 40010));
	Object.assign(service(sim), { cid: 1001, bundle_id: 40009 });
}
const service = (sim: Simulator) => sim.state.services.find((one) => one.id === 20001)!;
const bundle = (sim: Simulator, id: number) => sim.state.bundles.find((one) => one.id === id)!;

const picked = { __rl: true, mode: 'list', value: '1002' };

/**
 * Customer 1002 as a user gives it: typed, picked from the list, by its account_id, or picked on a platform whose
 * paths take digits as a crm_id first, where 1001's crm_id is "1002" (a picker's only: typed digits are what the
 * platform takes them for).
 */
const REFERENCES: Array<[string, (sim: Simulator) => unknown, 'picker'?]> = [
	['typed', () => rl('1002')],
	['picked from the list', () => picked],
	['by its account_id', (sim) => rl(sim.state.customers.find((c) => c.cid === 1002)!.account_id)],
	[
		'picked, where 1001’s crm_id is "1002" and paths take a crm_id first',
		(sim) => {
			sim.traits.pathRef = 'crmId';
			sim.state.customers.find((c) => c.cid === 1001)!.crm_id = '1002';
			return picked;
		},
		'picker',
	],
];
const plain = (reference: unknown) => (reference as { value: string }).value;

interface Crossing {
	/** What the user asks for, with customer 1002 given as `to`. */
	parameters: (to: unknown) => INodeParameters;
	/** What the platform holds afterwards: unchanged when refused. */
	held: (sim: Simulator) => unknown;
	/** Allowed: the operation says so and the user chose it. */
	allowed?: true;
	/** Service 20001 is in no bundle. */
	unbundled?: true;
}

/** Each write that carries a customer and a bundle or a service, and the crossings it is asked for. */
const CROSSINGS: Record<string, Record<string, Crossing>> = {
	'service create': {
		'a service for 1002 in 1001’s bundle': {
			parameters: (to) => ({
				cid: to as string,
				servicetype: 1,
				service_num: '0399990001',
				start_date: '2026-11-20',
				additionalFields: { bundle_id: 40009 },
			}),
			held: (sim) => sim.state.services.filter((one) => one.service_num === '0399990001'),
		},
		'a service for 1002 in its own bundle': {
			parameters: (to) => ({
				cid: to as string,
				servicetype: 1,
				service_num: '0399990001',
				start_date: '2026-11-20',
				additionalFields: { bundle_id: 40010 },
			}),
			held: (sim) =>
				sim.state.services
					.filter((one) => one.service_num === '0399990001')
					.map((one) => [one.cid, one.bundle_id]),
			allowed: true,
		},
	},
	'service update': {
		'1001’s service in no bundle moved to 1002': {
			parameters: (to) => ({ serviceId: rl(20001), updateFields: { cid: plain(to) } }),
			held: (sim) => [service(sim).cid, service(sim).bundle_id],
			allowed: true,
			unbundled: true,
		},
		'1001’s service moved to 1002, left in 1001’s bundle': {
			parameters: (to) => ({ serviceId: rl(20001), updateFields: { cid: plain(to) } }),
			held: (sim) => [service(sim).cid, service(sim).bundle_id],
		},
		'1001’s service moved to 1002 into 1001’s bundle': {
			parameters: (to) => ({
				serviceId: rl(20001),
				updateFields: { cid: plain(to), bundle_id: 40009 },
			}),
			held: (sim) => [service(sim).cid, service(sim).bundle_id],
		},
		'1001’s service put in 1002’s bundle, not moved': {
			parameters: () => ({ serviceId: rl(20001), updateFields: { bundle_id: 40010 } }),
			held: (sim) => [service(sim).cid, service(sim).bundle_id],
		},
		'1001’s service moved to 1002 into 1002’s bundle': {
			parameters: (to) => ({
				serviceId: rl(20001),
				updateFields: { cid: plain(to), bundle_id: 40010 },
			}),
			held: (sim) => [service(sim).cid, service(sim).bundle_id],
			allowed: true,
		},
	},
	'bundle update': {
		'1001’s bundle updated as 1002’s': {
			parameters: (to) => ({ cid: to as string, bundleId: 40009, name: 'Renamed' }),
			held: (sim) => [bundle(sim, 40009).cid, bundle(sim, 40009).name],
		},
		'1002’s bundle updated as 1002’s': {
			parameters: (to) => ({ cid: to as string, bundleId: 40010, name: 'Renamed' }),
			held: (sim) => [bundle(sim, 40010).cid, bundle(sim, 40010).name],
			allowed: true,
		},
	},
};

test('every write that carries a customer and a bundle or a service has its crossings drawn', () => {
	expect(carrying.map(keyOf).sort()).toEqual(Object.keys(CROSSINGS).sort());
});

const cases = carrying.flatMap((row) =>
	Object.entries(CROSSINGS[keyOf(row)] ?? {}).flatMap(([what, crossing]) =>
		REFERENCES.filter(
			([, , picker]) => !picker || row.op.fields?.some((f) => f.name === 'cid'),
		).map(
			([how, reference]) =>
				[`${keyOf(row)}: ${what}, 1002 ${how}`, row, crossing, reference] as const,
		),
	),
);

test.each(cases)('%s', async (_label, row, crossing, reference) => {
	const sim = node.sim();
	seed(sim);
	if (crossing.unbundled) service(sim).bundle_id = null;
	const before = crossing.held(sim);
	const result = await node.run({
		resource: row.resource,
		operation: row.op.value,
		...crossing.parameters(reference(sim)),
	});
	const writes = sim.handled.filter((request) => request.method === 'POST');
	if (crossing.allowed) {
		expect(result.error).toBeUndefined();
		expect(crossing.held(sim)).not.toEqual(before);
		return;
	}
	expect(result.error?.message).toMatch(/customer 100[12]/);
	expect(writes).toEqual([]);
	expect(crossing.held(sim)).toEqual(before);
	expect(state().bundles.map((one) => [one.id, one.cid])).toEqual([
		[40009, 1001],
		[40010, 1002],
	]);
});
