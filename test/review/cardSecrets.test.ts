import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// Review: Take Payment's card number, CCV and token are the operation's secret fields, kept out of its errors.
// A careless error page echoes the request body (the simulator's http500 fault): the CCV, three digits, is a
// card secret too (PCI DSS forbids storing it after authorisation, and n8n stores every error it is shown).

const CCV = '737';

const payment = customer('takePayment', {
	cid: '1002',
	amount: 10,
	pay_with: 'card',
	cc_name: 'J Citizen',
	cc_number: '4111111111111111',
	cc_expmonth: '07',
	cc_expyear: '2029',
	cc_ccv: CCV,
});

function shown(text: unknown): string {
	return JSON.stringify(text ?? '');
}

test('an error page echoing the payment body does not carry the CCV into the error', async () => {
	// The customer's balance read passes; the payment is answered by an error page echoing its body.
	node.sim().faults.push('pass', 'http500');
	const result = await node.run(payment);
	expect(node.sim().faultLog.map((entry) => entry.method)).toEqual(['POST']);
	expect(result.error).toBeDefined();
	const told = shown([result.error?.message, result.error?.description]);
	expect(told).toMatch(/HTTP 500/);
	expect(told).not.toContain('4111111111111111');
	expect(told).not.toMatch(new RegExp(`cc_ccv\\W+${CCV}`));
});

test('nor into the Continue item', async () => {
	// Under Continue a typed ID goes as it is: the payment is the first request.
	node.sim().faults.push('http500');
	const result = await node.run(payment, { continueOnFail: true });
	expect(node.sim().faultLog.map((entry) => entry.method)).toEqual(['POST']);
	const item = shown(jsonOf(result));
	expect(item).toMatch(/HTTP 500/);
	expect(item).not.toMatch(new RegExp(`cc_ccv\\W+${CCV}`));
});
