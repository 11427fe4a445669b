import { jsonOf } from '../harness/nodeRunner';
import { useCustomer } from '../kits/customer';

// n8n starts every item's request of a declarative node at once; the package keeps a node run's requests
// in flight to the credential's Max Requests at Once (5 unless set), with output order and pairing unchanged.
const { node, customer } = useCustomer();
const refs = (n: number) => Array.from({ length: n }, (_, k) => ({ cid: String(1001 + (k % 60)) }));
const balance = customer('getBalance', { cid: '={{ $json.cid }}' });

test('200 items: never more than 5 requests at once, and all 5 used; each output paired to its item', async () => {
	node.sim().latency.ms = 20;
	const input = refs(200);
	const result = await node.run(balance, { input });
	expect(result.error).toBeUndefined();
	expect(node.sim().concurrency.most).toBe(5);
	expect(jsonOf(result).map((r) => String(r.cid))).toEqual(input.map((i) => i.cid));
	expect(result.items.map((i) => i.pairedItem)).toEqual(input.map((_, item) => ({ item })));
});

test('the credential sets the bound', async () => {
	node.sim().latency.ms = 20;
	const result = await node.run(balance, { input: refs(40), credential: { maxConcurrency: 2 } });
	expect(result.error).toBeUndefined();
	expect(node.sim().concurrency.most).toBe(2);
});

test('items refused before sending wait for nothing and do not hold a place', async () => {
	node.sim().latency.ms = 20;
	const input = [...refs(10), { cid: '' }, ...refs(10)];
	const result = await node.run(balance, { input, continueOnFail: true });
	expect(jsonOf(result)).toHaveLength(21);
	expect(jsonOf(result)[10].error).toMatch(/required/i);
	expect(node.sim().concurrency.most).toBeLessThanOrEqual(5);
});
