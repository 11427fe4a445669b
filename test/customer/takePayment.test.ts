import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer, lastPayment } = useCustomer();

describe('Customer: money and charges', () => {
	test('Take Payment with the card on file charges the amount and lowers the balance', async () => {
		const target = node.sim().state.customers[3];
		target.card_token = 'card_tok_test';
		const before = target.balance;
		const seeded = node.sim().state.payments.length;
		const result = await node.run(
			customer('takePayment', { cid: String(target.cid), amount: 25.5, pay_with: 'card_on_file' }),
		);
		expect(jsonOf(result)[0]).toMatchObject({
			success: true,
			description: 'payment of 25.50 processed',
		});
		expect(target.balance).toBeCloseTo(before - 25.5, 2);
		expect(node.sim().state.payments.slice(seeded)).toEqual([
			expect.objectContaining({ cid: target.cid, amount: 25.5, method: 'card_on_file' }),
		]);
	});
	test('Take Payment with card details sends all card fields and nothing else', async () => {
		const target = node.sim().state.customers[1];
		const result = await node.run(
			customer('takePayment', {
				cid: String(target.cid),
				amount: 10,
				pay_with: 'card',
				cc_name: 'J Citizen',
				cc_number: '4111111111111111',
				cc_expmonth: '07',
				cc_expyear: '2029',
				cc_ccv: '123',
				store_card: true,
			}),
		);
		expect(result.error).toBeUndefined();
		// The customer is proven first (a balance read), then the payment is sent.
		expect(node.sim().requests.map((request) => request.method)).toEqual(['GET', 'POST']);
		// The spec types cc_number and cc_expyear as integers, cc_expmonth as a two-digit string.
		expect(node.sim().requests[1].body).toEqual({
			amount: 10,
			cc_name: 'J Citizen',
			cc_number: 4111111111111111,
			cc_expmonth: '07',
			cc_expyear: 2029,
			cc_ccv: '123',
			store_card: true,
		});
		expect(lastPayment()).toMatchObject({ method: 'card', amount: 10 });
		expect(target.card_token).toBe(`card_tok_${target.cid}_1111`);
	});
	test('Take Payment with a token', async () => {
		const result = await node.run(
			customer('takePayment', {
				cid: '1002',
				amount: 5,
				pay_with: 'payment_token',
				payment_token: 'tok_abc123',
			}),
		);
		expect(jsonOf(result)[0].success).toBe(true);
		expect(lastPayment().method).toBe('payment_token');
	});
});

describe('Take Payment: the amount as given, the answer as the spec shows it', () => {
	test('the answer is what the spec shows: success and description, no payment_id', async () => {
		const target = node.sim().state.customers[3];
		target.card_token = 'card_tok_test';
		const result = await node.run(
			customer('takePayment', { cid: String(target.cid), amount: 12, pay_with: 'card_on_file' }),
		);
		expect(jsonOf(result)).toEqual([{ success: true, description: 'payment of 12.00 processed' }]);
	});
	test('an amount given as text with many decimals reaches the platform as the number it writes', async () => {
		const target = node.sim().state.customers[3];
		target.card_token = 'card_tok_test';
		const result = await node.run(
			customer('takePayment', {
				cid: String(target.cid),
				amount: '={{ " 12.3456 " }}',
				pay_with: 'card_on_file',
			}),
		);
		expect(result.error).toBeUndefined();
		expect(node.sim().requests[1].body).toEqual({ amount: 12.3456, card_on_file: true });
		expect(lastPayment()).toMatchObject({ cid: target.cid, amount: 12.3456 });
	});
	test.each([
		['12,50', 'Amount (amount) must be an amount in dollars such as 12.50'],
		['$12', 'Amount (amount) must be an amount in dollars such as 12.50'],
		[
			'12.0000000000000001',
			'Amount (amount) has more digits than a JSON number carries exactly; give at most 15',
		],
	])('an amount of %s is refused naming the field; nothing is sent', async (amount, message) => {
		const result = await node.run(
			customer('takePayment', {
				cid: '1002',
				amount: `={{ "${amount}" }}`,
				pay_with: 'card_on_file',
			}),
		);
		expect(result.error?.message).toBe(message);
		expect(node.sim().requests).toEqual([]);
	});
});
