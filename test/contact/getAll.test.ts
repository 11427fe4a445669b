import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, contact } = useCustomer();

describe('Contact', () => {
	test('Get Many lists the customer’s contacts, one item each, portal passwords left out', async () => {
		const result = await node.run(contact('getAll', { cid: 'ACC-1-0003', returnAll: true }));
		const expected = node.sim().state.contacts.filter((c) => c.cid === 1003);
		expect(expected.length).toBeGreaterThan(1);
		expect(jsonOf(result).map((c) => c.id)).toEqual(expected.map((c) => c.id));
		expect(jsonOf(result)[0]).toMatchObject({
			first_name: expected[0].first_name,
			email: expected[0].email,
		});
		expect(JSON.stringify(result.run)).not.toContain('contact-secret-');
	});
	test('Get Many honours the limit', async () => {
		const result = await node.run(contact('getAll', { cid: '1003', returnAll: false, limit: 1 }));
		expect(result.items).toHaveLength(1);
	});
});
