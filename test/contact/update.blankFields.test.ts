import { useCustomer } from '../kits/customer';
const { node, contact } = useCustomer();

test('Contact Update: an empty mapped cell is left out; the stored value stays', async () => {
	const target = node.sim().state.contacts.find((c) => c.cid === 1002)!;
	const before = { ...target };
	const result = await node.run(
		contact('update', {
			cid: '1002',
			contactId: String(target.id),
			updateFields: { mobile: '={{ $json.mobile }}', phone: '={{ $json.phone }}' },
		}),
		{ input: [{ mobile: '', phone: '03 9000 1234' }] },
	);
	expect(result.error).toBeUndefined();
	const sent = node.sim().requests.find((r) => r.url.includes('/contact/'))?.body;
	expect(sent).toEqual({ phone: '03 9000 1234' });
	expect(target).toMatchObject({ mobile: before.mobile, phone: '03 9000 1234' });
});
