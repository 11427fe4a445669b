import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { jsonOf, useNode } from '../harness/nodeRunner';
import { describeRefusals } from '../harness/refusals';
import type { Refusal } from '../harness/refusals';
const node = useNode(new TelcoBillingCustomer());
// Every rule the spec states for an input, refused before any request, naming the field and the rule.
const refused: Refusal[] = [
	{
		rule: 'search value at least 3 characters',
		parameters: { resource: 'customer', operation: 'search', field: 'email', value: 'ab' },
		message: 'Search Value (value) must be at least 3 characters',
	},
	{
		rule: 'payment amount at least 1',
		parameters: {
			resource: 'customer',
			operation: 'takePayment',
			cid: '1001',
			amount: 0.5,
			pay_with: 'card_on_file',
		},
		message: 'Amount (amount) must be a number of at least 1',
	},
	{
		rule: 'card payment needs every card field',
		parameters: {
			resource: 'customer',
			operation: 'takePayment',
			cid: '1001',
			amount: 10,
			pay_with: 'card',
			cc_name: 'A',
			cc_number: '4111111111111111',
			cc_expmonth: '01',
			cc_expyear: '2030',
		},
		message: 'CCV (cc_ccv) is required when paying with card details',
	},
	{
		rule: 'card expiry month is 2 digits',
		parameters: {
			resource: 'customer',
			operation: 'takePayment',
			cid: '1001',
			amount: 10,
			pay_with: 'card',
			cc_name: 'A',
			cc_number: '4111111111111111',
			cc_expmonth: '7',
			cc_expyear: '2030',
			cc_ccv: '123',
		},
		message: 'Expiry Month (cc_expmonth) must be two digits from 01 to 12',
	},
	{
		rule: 'card expiry year is 4 digits',
		parameters: {
			resource: 'customer',
			operation: 'takePayment',
			cid: '1001',
			amount: 10,
			pay_with: 'card',
			cc_name: 'A',
			cc_number: '4111111111111111',
			cc_expmonth: '07',
			cc_expyear: '30',
			cc_ccv: '123',
		},
		message: 'Expiry Year (cc_expyear) must be four digits',
	},
	{
		rule:
			'card number sent as the integer the spec types it as: only as many digits as an ' +
			'exact JSON number holds',
		parameters: {
			resource: 'customer',
			operation: 'takePayment',
			cid: '1001',
			amount: 10,
			pay_with: 'card',
			cc_name: 'A',
			cc_number: '4111111111111111111',
			cc_expmonth: '07',
			cc_expyear: '2030',
			cc_ccv: '123',
		},
		message:
			'Card Number (cc_number) has more digits than can be sent exactly as the integer ' +
			'the platform expects; pay with a payment token instead',
	},
	{
		rule: 'payment token given when paying by token',
		parameters: {
			resource: 'customer',
			operation: 'takePayment',
			cid: '1001',
			amount: 10,
			pay_with: 'payment_token',
			payment_token: '',
		},
		message: 'Payment Token (payment_token) is required',
	},
	{
		rule: 'external payment needs a transaction id',
		parameters: {
			resource: 'customer',
			operation: 'recordExternalPayment',
			cid: '1001',
			transaction_id: ' ',
			amount: 5,
		},
		message: 'Transaction ID (transaction_id) is required',
	},
	{
		rule: 'dates are real YYYY-MM-DD dates',
		parameters: {
			resource: 'customer',
			operation: 'create',
			customerFields: { company: 'X', dob: '1990-02-30' },
		},
		message: 'Date of Birth (dob) must be a real date in YYYY-MM-DD format',
	},
	{
		rule: 'a customer id is given for paths that need one',
		parameters: { resource: 'customer', operation: 'getBalance', cid: '={{ $json.cid }}' },
		message: 'Customer (cid) is required',
	},
	{
		rule: 'a charge item needs a description',
		parameters: {
			resource: 'customer',
			operation: 'addChargeItem',
			cid: '1001',
			chargeFields: { amount: 5 },
		},
		message: 'Description (description) is required',
	},
];

describeRefusals(node, refused);

test('one bad item among good ones: the good ones are sent, the bad one is refused and paired', async () => {
	const result = await node.run(
		{ resource: 'customer', operation: 'search', field: 'company', value: '={{ $json.q }}' },
		{ continueOnFail: true, input: [{ q: 'Bakery 7' }, { q: 'x' }] },
	);
	expect(jsonOf(result)).toEqual([
		expect.objectContaining({ company: expect.stringContaining('Bakery 7') }),
		{ error: 'Search Value (value) must be at least 3 characters' },
	]);
	expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	expect(node.sim().requests).toHaveLength(1);
});

test('a refused item after one that found several records is still paired to its own input', async () => {
	// The engine can pair output to input by position only when counts match; here they do not.
	const result = await node.run(
		{ resource: 'customer', operation: 'search', field: 'company', value: '={{ $json.q }}' },
		{ continueOnFail: true, input: [{ q: 'Bakery' }, { q: 'x' }] },
	);
	const found = jsonOf(result).filter((json) => !('error' in json));
	expect(found.length).toBeGreaterThan(1);
	expect(result.items.map((i) => i.pairedItem)).toEqual([
		...found.map(() => ({ item: 0 })),
		{ item: 1 },
	]);
	expect(jsonOf(result).at(-1)).toEqual({
		error: 'Search Value (value) must be at least 3 characters',
	});
});
