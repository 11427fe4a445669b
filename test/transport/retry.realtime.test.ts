import { useRealClock } from '../harness/clock';
import { useCustomer } from '../kits/customer';

// The one unit test of a wait on the wall clock: what the package does in n8n, where no test clock is in force.
useRealClock();
const { node, customer } = useCustomer();

test('on the real clock, a 429 is tried again no sooner than its Retry-After says', async () => {
	node.sim().modes.retryAfter = 1;
	node.sim().faults.push('http429');
	const started = Date.now();
	const result = await node.run(customer('getBalance', { cid: '1001' }));
	expect(result.error).toBeUndefined();
	expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
	expect(node.sim().requests.filter((r) => r.url.includes('/customer/balance/'))).toHaveLength(2);
});
