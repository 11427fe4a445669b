import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

describe('Customer: create and update', () => {
	test('Update changes only the given fields, found by account_id', async () => {
		const before = { ...node.sim().state.customers[2] };
		const result = await node.run(
			customer('update', {
				cid: before.account_id,
				updateFields: { mobile: '0400111222', abn: '99887766554' },
			}),
		);
		expect(jsonOf(result)).toEqual([
			{ success: true, description: 'customer updated', cid: before.cid },
		]);
		const after = node.sim().state.customers[2];
		expect(after).toMatchObject({
			mobile: '0400111222',
			abn: '99887766554',
			company: before.company,
			email: before.email,
		});
	});
	test('Update finds a customer by crm_id too', async () => {
		const target = node.sim().state.customers[4];
		await node.run(
			customer('update', { cid: target.crm_id, updateFields: { company: 'Renamed Pty' } }),
		);
		expect(node.sim().state.customers[4].company).toBe('Renamed Pty');
	});
});

describe('Customer Update outputs the customer it updated', () => {
	test('a crm_id is resolved to its cid first (the customer the path reaches), that cid is output, and the path carries the crm_id as given', async () => {
		const target = node.sim().state.customers[4];
		const result = await node.run(
			customer('update', { cid: target.crm_id, updateFields: { mobile: '0400999888' } }),
		);
		expect(jsonOf(result)).toEqual([
			{ success: true, description: 'customer updated', cid: target.cid },
		]);
		const sent = node.sim().requests.map((r) => `${r.method} ${r.url.replace(/^\/[^/]+/, '')}`);
		expect(sent).toEqual([
			`GET /customer/balance/${target.crm_id}`,
			`POST /customer/update/${target.crm_id}`,
		]);
	});
	test('a customer ID is updated in one request, and that ID is output', async () => {
		const target = node.sim().state.customers[3];
		const result = await node.run(
			customer('update', { cid: String(target.cid), updateFields: { mobile: '0400777666' } }),
		);
		expect(jsonOf(result)).toEqual([
			{ success: true, description: 'customer updated', cid: target.cid },
		]);
		const sent = node.sim().requests.map((r) => `${r.method} ${r.url.replace(/^\/[^/]+/, '')}`);
		expect(sent).toEqual([`POST /customer/update/${target.cid}`]);
		expect(node.sim().state.customers[3].mobile).toBe('0400777666');
	});
	test('an unknown reference fails before anything is written', async () => {
		const result = await node.run(
			customer('update', { cid: 'ACC-9-9999', updateFields: { mobile: '0400999888' } }),
			{ continueOnFail: true },
		);
		expect(jsonOf(result)).toEqual([
			{ error: expect.stringMatching(/^No customer is "ACC-9-9999" .*Give the customer ID/) },
		]);
		expect(node.sim().requests.some((r) => r.method === 'POST')).toBe(false);
	});
});
