import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, contact } = useCustomer();

describe('Contact', () => {
	test('Update changes the given fields', async () => {
		const target = node.sim().state.contacts.find((c) => c.cid === 1002)!;
		const result = await node.run(
			contact('update', {
				cid: '1002',
				contactId: String(target.id),
				updateFields: { phone: '03 9000 1234' },
			}),
		);
		expect(jsonOf(result)[0]).toMatchObject({ id: target.id, phone: '03 9000 1234' });
		expect(target.phone).toBe('03 9000 1234');
	});
});
