import { jsonOf } from '../harness/nodeRunner';
import { useCustomer } from '../kits/customer';

// Items of one node run that write the same record take turns, in input order (nodes/shared/transport/
// turns.ts): two updates of one customer at once would leave whichever the platform happened to apply
// last. Items writing different records still go at once, up to Max Requests at Once.
const { node, customer } = useCustomer();
const state = () => node.sim().state;

test('updates of one customer run one after another, in input order: the last item’s value stands', async () => {
	node.sim().latency.ms = 30;
	const mobiles = ['0400000001', '0400000002', '0400000003', '0400000004'];
	const result = await node.run(
		customer('update', {
			cid: '1001',
			updateFields: { mobile: '={{ $json.mobile }}' },
		}),
		{ input: mobiles.map((mobile) => ({ mobile })), credential: { maxConcurrency: 10 } },
	);
	expect(jsonOf(result)).toEqual(mobiles.map(() => expect.objectContaining({ cid: 1001 })));
	expect(node.sim().concurrency.most).toBe(1);
	const updates = node.sim().requests.filter((r) => r.url.includes('/customer/update/'));
	expect(updates.map((r) => (r.body as { mobile: string }).mobile)).toEqual(mobiles);
	expect(state().customers.find((c) => c.cid === 1001)?.mobile).toBe('0400000004');
});

test('credit management on then off for one customer: off stands, whatever the platform’s timing', async () => {
	node.sim().latency.ms = 30;
	const result = await node.run(
		customer('setCreditManagement', { cid: '={{ $json.cid }}', status: '={{ $json.status }}' }),
		{
			input: [
				{ cid: '1001', status: '1' },
				{ cid: '1002', status: '1' },
				{ cid: '1001', status: '0' },
			],
		},
	);
	expect(result.error).toBeUndefined();
	const sent = node.sim().requests.filter((r) => r.url.includes('/setManagementStatus/1001/'));
	expect(sent.map((r) => r.url.split('/').pop())).toEqual(['1', '0']);
	expect(state().customers.find((c) => c.cid === 1001)?.credit_management).toBe(0);
	// The other customer's item did not wait for them.
	expect(node.sim().concurrency.most).toBe(2);
});

test('updates of different customers still go at once, up to Max Requests at Once', async () => {
	node.sim().latency.ms = 30;
	const cids = ['1001', '1002', '1003', '1004', '1005', '1006'];
	const result = await node.run(
		customer('update', { cid: '={{ $json.cid }}', updateFields: { mobile: '0400000009' } }),
		{ input: cids.map((cid) => ({ cid })), credential: { maxConcurrency: 3 } },
	);
	expect(result.error).toBeUndefined();
	expect(node.sim().concurrency.most).toBe(3);
});
