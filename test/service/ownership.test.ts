import { bundleOf } from '../harness/records';
import { rl, useService } from '../kits/service';
const { node, service, state, target } = useService();

// Found by a review: the spec does not say the platform checks who owns a bundle. Bundle Update of customer 1001's
// bundle with Customer 1002 reassigned it and its monthly cost to 1002; Service Create for 1002 with 1001's bundle
// succeeded; moving a service to 1002 left it in 1001's bundle. A bundle or service moves between customers only
// where the operation says so and the user chose it, and a service is never in another customer's bundle.

const posts = () => node.sim().handled.filter((request) => request.method === 'POST');

function bundleFor(cid: number, id: number) {
	state().bundles.push(bundleOf(cid, id));
}

test('Bundle Update with another customer than the bundle’s is refused; nothing changes hands', async () => {
	bundleFor(1001, 40009);
	const result = await node.run({
		resource: 'bundle',
		operation: 'update',
		cid: rl('1002'),
		bundleId: 40009,
		name: 'Pack 40009',
	});
	expect(result.error?.message).toMatch(/Bundle 40009 is customer 1001’s, not customer 1002’s/);
	expect(posts()).toEqual([]);
	expect(state().bundles.find((b) => b.id === 40009)!.cid).toBe(1001);
});

test('Bundle Update with the bundle’s own customer goes through', async () => {
	bundleFor(1001, 40009);
	const result = await node.run({
		resource: 'bundle',
		operation: 'update',
		cid: rl('1001'),
		bundleId: 40009,
		name: 'Renamed Pack',
	});
	expect(result.error).toBeUndefined();
	expect(state().bundles.find((b) => b.id === 40009)!.name).toBe('Renamed Pack');
});

test('Service Create for a customer with another customer’s bundle is refused', async () => {
	bundleFor(1001, 40009);
	const result = await node.run(
		service('create', {
			cid: rl('1002'),
			servicetype: 1,
			service_num: '0399990001',
			start_date: '2026-11-20',
			additionalFields: { bundle_id: 40009 },
		}),
	);
	expect(result.error?.message).toMatch(/Bundle 40009 is customer 1001’s, not customer 1002’s/);
	expect(posts()).toEqual([]);
});

test('a service moved to another customer is not left in its old customer’s bundle', async () => {
	bundleFor(target().cid, 40009);
	target().bundle_id = 40009;
	const result = await node.run(
		service('update', { serviceId: rl(target().id), updateFields: { cid: '1002' } }),
	);
	expect(result.error?.message).toMatch(
		new RegExp(`Service ${target().id} is in bundle 40009 of customer ${target().cid}`),
	);
	expect(posts()).toEqual([]);
	expect(target().cid).not.toBe(1002);
});

test('a service moved with one of its new customer’s bundles goes through; with another’s it is refused', async () => {
	bundleFor(target().cid, 40009);
	bundleFor(1002, 40010);
	target().bundle_id = 40009;
	const refused = await node.run(
		service('update', {
			serviceId: rl(target().id),
			updateFields: { cid: '1002', bundle_id: 40009 },
		}),
	);
	expect(refused.error?.message).toMatch(/Bundle 40009 is customer \d+’s, not customer 1002’s/);
	const moved = await node.run(
		service('update', {
			serviceId: rl(target().id),
			updateFields: { cid: '1002', bundle_id: 40010 },
		}),
	);
	expect(moved.error).toBeUndefined();
	expect([target().cid, target().bundle_id]).toEqual([1002, 40010]);
});
