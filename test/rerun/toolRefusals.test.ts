import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { jsonOf, useNode } from '../harness/nodeRunner';

// A node run as an AI agent's (or MCP client's) tool answers every refusal with one sentence naming the
// argument the model filled, writes included: a write checks every item before sending any, and that check
// must not throw past the tool.

const node = useNode(new TelcoBillingCustomer());

test('a Take Payment tool given an amount below the minimum answers in a sentence naming its argument', async () => {
	const result = await node.run(
		{
			resource: 'customer',
			operation: 'takePayment',
			cid: {
				__rl: true,
				mode: 'id',
				value: '={{ $fromAI("customer", "The customer", "string") }}',
			},
			amount: '={{ $fromAI("amount", "Dollars to charge", "number") }}',
			pay_with: 'card_on_file',
		},
		{ input: [{ customer: '1001', amount: 0.5 }], typeVersion: 1.1, asTool: true },
	);
	expect(result.error).toBeUndefined();
	const [answer] = jsonOf(result);
	expect(String(answer.error)).toMatch(/^The argument "amount" must be/);
	expect(String(answer.error)).toMatch(/Nothing was sent to the billing platform\.$/);
	expect(node.sim().requests).toEqual([]);
});
