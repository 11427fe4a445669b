import { TelcoBillingCatalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';

const node = useNode(new TelcoBillingCatalog());
const paths = () =>
	node.sim().requests.map((r) => `${r.method} ${r.url.replace(`/${DEMO_KEY}`, '')}`);

test('Update outputs the rate card as the platform now holds it, rates included: the answer of Get', async () => {
	const result = await node.run({
		resource: 'callRate',
		operation: 'update',
		ctgid: 1,
		callTypes: { rate: [{ ctid: 2, ratepermin: 0.2 }] },
	});
	expect(result.error).toBeUndefined();
	expect(paths()).toEqual(['POST /callRates/post', 'GET /callRates/get/1']);
	const got = await node.run({ resource: 'callRate', operation: 'get', ctgid: 1 });
	expect(jsonOf(result)).toEqual(jsonOf(got));
	expect(jsonOf(result)[0]).toMatchObject({
		ctgid: 1,
		callTypes: [expect.objectContaining({ ctid: 2, ratepermin: 0.2 })],
	});
});
