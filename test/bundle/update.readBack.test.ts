import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';

const node = useNode(new TelcoBillingService());
const rl = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
const paths = () =>
	node.sim().requests.map((r) => `${r.method} ${r.url.replace(`/${DEMO_KEY}`, '')}`);

test('Update outputs the bundle as the platform now holds it: the answer of Get, asked after the update', async () => {
	const created = await node.run({
		resource: 'bundle',
		operation: 'create',
		cid: rl(1001),
		name: 'Office Pack',
		additionalFields: { monthly_cost: 20, date_started: '2026-01-01' },
	});
	const [{ id }] = jsonOf(created);
	node.sim().requests.length = 0;
	const result = await node.run({
		resource: 'bundle',
		operation: 'update',
		cid: rl(1001),
		bundleId: id as number,
		name: 'Office Pack Plus',
		updateFields: { monthly_cost: 25, date_ended: '2026-12-31T00:00:00' },
	});
	expect(result.error).toBeUndefined();
	// The customer reference is resolved first, as a path would reach it, and the bundle proven that customer's.
	expect(paths()).toEqual([
		'GET /customer/balance/1001',
		`GET /serviceBundles/get/${id}`,
		'POST /serviceBundles/post',
		`GET /serviceBundles/get/${id}`,
	]);
	const got = await node.run({ resource: 'bundle', operation: 'get', bundleId: id as number });
	expect(jsonOf(result)).toEqual(jsonOf(got));
	expect(jsonOf(result)[0]).toMatchObject({
		id,
		cid: 1001,
		name: 'Office Pack Plus',
		monthly_cost: 25,
		date_started: '2026-01-01',
		date_ended: '2026-12-31',
	});
});
