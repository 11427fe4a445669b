import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

describe('Customer: create and update', () => {
	test('Create sends the fields, reads the misspelt `sucess` as success and returns the new id as a number', async () => {
		const result = await node.run(
			customer('create', {
				customerFields: {
					company: 'Acme Fibre',
					name: 'Jo',
					surname: 'Bloggs',
					email: 'jo@acme.example',
					credit_management: true,
					dob: '1990-04-30T00:00:00.000+10:00',
					paymethod: 'credit card',
					web_password: 'hunter22-portal',
				},
			}),
		);
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		// The platform answers `id`; the node gives it as `cid` too, the name every other customer answer uses.
		expect(out).toEqual({ success: true, id: expect.any(Number), cid: out.id });
		const stored = node.sim().state.customers.find((c) => c.cid === out.id);
		expect(stored).toMatchObject({
			company: 'Acme Fibre',
			email: 'jo@acme.example',
			credit_management: 1,
			dob: '1990-04-30',
			paymethod: 'credit card',
			deptid: 1,
		});
	});
});

test('numbers from a spreadsheet column in text fields are sent as text, as the spec types them', async () => {
	const result = await node.run(
		customer('create', {
			customerFields: { company: '={{ $json.company }}', mobile: '={{ $json.mobile }}' },
		}),
		{ input: [{ company: 7, mobile: 412345678 }] },
	);
	expect(result.error).toBeUndefined();
	const [add] = node.sim().requests.filter((r) => r.url.endsWith('/customer/add'));
	expect(add.body).toMatchObject({ company: '7', mobile: '412345678' });
});
