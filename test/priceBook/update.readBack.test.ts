import { TelcoBillingCatalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';

const node = useNode(new TelcoBillingCatalog());
const paths = () =>
	node.sim().requests.map((r) => `${r.method} ${r.url.replace(`/${DEMO_KEY}`, '')}`);

test('Update outputs the price book as the platform now holds it, items included: the answer of Get', async () => {
	const result = await node.run({
		resource: 'priceBook',
		operation: 'update',
		priceBookId: 1,
		name: 'Partner Pricing 2027',
		items: { item: [{ related_type: 'service', related_id: 3, override: 1, adjustment: 30 }] },
	});
	expect(result.error).toBeUndefined();
	expect(paths()).toEqual(['POST /priceBooks/post', 'GET /priceBooks/get/1']);
	const got = await node.run({ resource: 'priceBook', operation: 'get', priceBookId: 1 });
	expect(jsonOf(result)).toEqual(jsonOf(got));
	expect(jsonOf(result)[0]).toMatchObject({
		id: 1,
		name: 'Partner Pricing 2027',
		// Items as Get gives them: numeric strings, as the platform sends them.
		items: [expect.objectContaining({ related_type: 'service', related_id: '3', override: '1' })],
	});
});
