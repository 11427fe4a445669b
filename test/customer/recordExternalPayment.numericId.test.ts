import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// Issue 43, B: a Transaction ID mapped from a column of numbers (a bank's references) is text to the spec. Sent
// as a JSON number, the platform refused it after the rows before it were logged; a 20-digit reference had
// already become a float, so two references could collapse into one.
const params = customer('recordExternalPayment', {
	cid: '={{ $json.cid }}',
	transaction_id: '={{ $json.ref }}',
	amount: '={{ $json.amount }}',
});

describe('Record External Payment: a Transaction ID given as a number', () => {
	test('a whole number is sent as its text, as the spec types it, and every row is logged', async () => {
		const before = node.sim().state.payments.length;
		const result = await node.run(params, {
			input: [
				{ cid: '1005', ref: 'EFT-A', amount: 10 },
				{ cid: '1005', ref: 4711, amount: 20 },
			],
		});
		expect(result.error?.message).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(2);
		const logged = node.sim().state.payments.slice(before);
		expect(logged.map((p) => p.transaction_id)).toEqual(['EFT-A', '4711']);
		const sent = node.sim().requests.filter((r) => r.url.includes('/external-payment/'));
		expect(sent.map((r) => (r.body as { transaction_id: unknown }).transaction_id)).toEqual([
			'EFT-A',
			'4711',
		]);
	});

	test('a 20-digit reference that arrived as a number is refused naming the field; nothing is logged', async () => {
		const before = node.sim().state.payments.length;
		const result = await node.run(params, {
			input: [
				{ cid: '1005', ref: 'EFT-B', amount: 10 },
				// JSON.parse of 12345678901234567891 gives 12345678901234567000: its last digits are gone.
				{ cid: '1005', ref: JSON.parse('12345678901234567891') as number, amount: 20 },
			],
		});
		expect(result.error?.message).toMatch(/^Transaction ID \(transaction_id\) /);
		expect(result.error?.message).toContain('12345678901234567000');
		expect(node.sim().state.payments.slice(before)).toEqual([]);
		expect(node.sim().requests.filter((r) => r.url.includes('/external-payment/'))).toEqual([]);
	});
});
