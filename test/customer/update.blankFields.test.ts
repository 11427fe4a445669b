import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

const body = () => node.sim().requests.find((r) => r.url.includes('/customer/update/'))?.body;

test('Update: an empty mapped cell (empty text, spaces, null) is left out; the stored value stays', async () => {
	const before = { ...node.sim().state.customers.find((c) => c.cid === 1001)! };
	const result = await node.run(
		customer('update', {
			cid: '1001',
			updateFields: {
				mobile: '={{ $json.mobile }}',
				phone: '={{ $json.phone }}',
				company: '={{ $json.company }}',
				surname: '={{ $json.surname }}',
			},
		}),
		{ input: [{ mobile: '', phone: '   ', company: null, surname: 'Nguyen' }] },
	);
	expect(result.error).toBeUndefined();
	expect(body()).toEqual({ surname: 'Nguyen' });
	const after = node.sim().state.customers.find((c) => c.cid === 1001)!;
	expect(after).toMatchObject({
		mobile: before.mobile,
		phone: before.phone,
		company: before.company,
		surname: 'Nguyen',
	});
	expect(jsonOf(result)[0]).toMatchObject({ success: true, cid: 1001 });
});
