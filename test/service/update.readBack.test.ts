import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';

const node = useNode(new TelcoBillingService());
const rl = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
const paths = () =>
	node.sim().requests.map((r) => `${r.method} ${r.url.replace(`/${DEMO_KEY}`, '')}`);
const update = { resource: 'service', operation: 'update', serviceId: rl(20001) };

test('Update outputs the service as the platform now holds it: the answer of Get, asked after the update', async () => {
	const result = await node.run(
		{ ...update, updateFields: { service_status: 'suspended', billing_name: 'Office line' } },
		{ input: [{ n: 1 }] },
	);
	expect(result.error).toBeUndefined();
	expect(paths()).toEqual(['POST /services/update/20001', 'GET /services/get/20001']);
	const got = await node.run({ resource: 'service', operation: 'get', serviceId: rl(20001) });
	expect(jsonOf(result)).toEqual(jsonOf(got));
	expect(jsonOf(result)[0]).toMatchObject({
		id: 20001,
		service_status: 'suspended',
		billing_name: 'Office line',
	});
	expect(result.items[0].pairedItem).toEqual({ item: 0 });
});

test('a read-back that fails after the update was saved says the update was made', async () => {
	node.sim().faults.push('pass', 'http500');
	const result = await node.run({ ...update, updateFields: { service_status: 'pending' } });
	expect(result.error?.message).toMatch(/^HTTP 500 from the billing platform/);
	expect(result.error?.description).toMatch(
		/^The update was saved; reading the updated record back failed\. The billing platform answered HTTP 500/,
	);
	expect(node.sim().state.services.find((s) => s.id === 20001)?.service_status).toBe('pending');

	node.sim().faults.push('pass', 'http500');
	const continued = await node.run(
		{ ...update, updateFields: { service_status: 'active' } },
		{ continueOnFail: true, input: [{ n: 1 }] },
	);
	expect(jsonOf(continued)).toEqual([
		{
			error: expect.stringMatching(/^HTTP 500/),
			httpCode: '500',
			note: 'The update was saved; reading the updated record back failed.',
		},
	]);
	expect(continued.items[0].pairedItem).toEqual({ item: 0 });
});

test('a refused update is not read back', async () => {
	const result = await node.run({
		...update,
		serviceId: rl(99999),
		updateFields: { service_status: 'pending' },
	});
	expect(result.error?.message).toBe('Service not found (service 99999)');
	expect(paths()).toEqual(['POST /services/update/99999']);
});
