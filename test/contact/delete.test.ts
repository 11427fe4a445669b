import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, contact } = useCustomer();

describe('Contact', () => {
	test('Delete removes the contact (the platform deletes by GET)', async () => {
		const target = node.sim().state.contacts.find((c) => c.cid === 1002)!;
		const result = await node.run(contact('delete', { cid: '1002', contactId: String(target.id) }));
		expect(jsonOf(result)).toEqual([{ success: true }]);
		expect(node.sim().state.contacts.some((c) => c.id === target.id)).toBe(false);
		expect(node.sim().requests.at(-1)?.method).toBe('GET');
	});
});
