import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, contact } = useCustomer();

describe('Contact', () => {
	test('Create adds a contact and returns it with its id', async () => {
		const result = await node.run(
			contact('create', {
				cid: '1010',
				contactFields: {
					first_name: 'Sam',
					last_name: 'Lee',
					email: 'sam@lee.example',
					mobile: '0411000111',
				},
			}),
		);
		const [out] = jsonOf(result);
		expect(out).toMatchObject({
			id: expect.any(Number),
			first_name: 'Sam',
			last_name: 'Lee',
			email: 'sam@lee.example',
		});
		expect(node.sim().state.contacts.find((c) => c.id === out.id)).toMatchObject({
			cid: 1010,
			mobile: '0411000111',
		});
	});
});
