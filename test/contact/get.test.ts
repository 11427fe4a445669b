import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, contact } = useCustomer();

describe('Contact', () => {
	test('Get returns one contact', async () => {
		const target = node.sim().state.contacts.find((c) => c.cid === 1002)!;
		const result = await node.run(contact('get', { cid: '1002', contactId: String(target.id) }));
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ id: target.id, last_name: target.last_name }),
		]);
	});
	test('a contact of another customer is not found', async () => {
		const foreign = node.sim().state.contacts.find((c) => c.cid === 1005)!;
		const result = await node.run(contact('get', { cid: '1002', contactId: String(foreign.id) }));
		expect(result.error?.message).toBe(`No customer found (customer 1002, contact ${foreign.id})`);
	});
});
