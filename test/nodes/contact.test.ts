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

	test('Get returns one contact', async () => {
		const target = node.sim().state.contacts.find((c) => c.cid === 1002)!;
		const result = await node.run(contact('get', { cid: '1002', contactId: String(target.id) }));
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ id: target.id, last_name: target.last_name }),
		]);
	});

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

	test('Delete removes the contact (the platform deletes by GET)', async () => {
		const target = node.sim().state.contacts.find((c) => c.cid === 1002)!;
		const result = await node.run(contact('delete', { cid: '1002', contactId: String(target.id) }));
		expect(jsonOf(result)).toEqual([{ success: true }]);
		expect(node.sim().state.contacts.some((c) => c.id === target.id)).toBe(false);
		expect(node.sim().requests.at(-1)?.method).toBe('GET');
	});

	test('a contact of another customer is not found', async () => {
		const foreign = node.sim().state.contacts.find((c) => c.cid === 1005)!;
		const result = await node.run(contact('get', { cid: '1002', contactId: String(foreign.id) }));
		expect(result.error?.message).toBe('no customer found');
	});
});
