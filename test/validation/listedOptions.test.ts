import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { jsonOf, useNode } from '../harness/nodeRunner';
import { useCustomer } from '../kits/customer';
// A parameter with a fixed list, given by expression, is checked against its list like any other rule:
// the editor checks only what is picked, and a value the list does not know was sent as it was.
const { node: customerNode, customer } = useCustomer();
const reportNode = useNode(new TelcoBillingReport());

const refused = [
	{
		rule: 'an unknown Pay With (it sent a payment with no source)',
		node: customerNode,
		parameters: customer('takePayment', { cid: '1001', amount: 10, pay_with: '={{ "paypal" }}' }),
		message: 'Pay With (pay_with) must be one of: bank_on_file, card, card_on_file, payment_token',
	},
	{
		rule: 'an unknown search field',
		node: customerNode,
		parameters: customer('search', { field: '={{ "password" }}', value: 'abcdef' }),
		message: 'Search By (field) must be one of: abn, company, email, name, mobile, surname',
	},
	{
		rule: 'a contact id ".." (it made GET /customer/1001/contact/../delete into GET /customer/1001/delete)',
		node: customerNode,
		parameters: { resource: 'contact', operation: 'delete', cid: '1001', contactId: '..' },
		message:
			'Contact ID (contactId) cannot be "." or "..": the address would point at another record or endpoint',
	},
	{
		rule: 'an unknown order direction',
		node: reportNode,
		parameters: {
			resource: 'report',
			operation: 'run',
			report: 'creditReport',
			when: 'last month',
			reportOptions: { order_by_direction: '={{ "up" }}' },
		},
		message:
			'Report Options (reportOptions): Order Direction (order_by_direction) must be one of: asc, desc',
	},
];

describe.each(refused)('$rule', ({ node, parameters, message }) => {
	test('is refused before any request, naming the field, the rule and the item', async () => {
		const result = await node.run(parameters);
		expect(result.error?.message).toContain(message);
		expect(result.error?.description).toBe(
			'Refused at [item 0]. Nothing was sent to the billing platform.',
		);
		expect(node.sim().requests).toEqual([]);
	});

	test('with Continue On Fail gives a paired error item and still sends nothing', async () => {
		const result = await node.run(parameters, { continueOnFail: true });
		expect(String(jsonOf(result)[0].error)).toContain(message);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(node.sim().requests).toEqual([]);
	});
});
