import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// A token as the simulator would store one for a card: a test value, not a secret.
const TOKEN_ON_FILE = ['card', 'tok', '1001', '4242'].join('_');

// Review: the package treats a customer's web_password, card_token and bank_number as secrets (the Customer
// node's secret fields: masked in a Dry Run, kept out of errors, and Create or Update outputs the customer
// "never a secret"). A platform whose search record carries the whole row (trait furtherFields withSecrets,
// "further customer data may be present") must not put them in Customer Search's output either.

test('Customer Search outputs no card token, bank account number or portal password', async () => {
	node.sim().traits.furtherFields = 'withSecrets';
	const target = node.sim().state.customers.find((c) => c.cid === 1001)!;
	target.card_token = TOKEN_ON_FILE;
	const result = await node.run(customer('search', { field: 'email', value: target.email }));
	const items = jsonOf(result);
	expect(items.length).toBeGreaterThan(0);
	for (const item of items) {
		expect(item).not.toHaveProperty('web_password');
		expect(item).not.toHaveProperty('card_token');
		expect(item).not.toHaveProperty('bank_number');
	}
});

test('nor hands them to an AI model calling Customer Search as a tool', async () => {
	node.sim().traits.furtherFields = 'withSecrets';
	const target = node.sim().state.customers.find((c) => c.cid === 1001)!;
	target.card_token = TOKEN_ON_FILE;
	const result = await node.run(
		customer('search', { field: 'email', value: '={{ $fromAI("value", "", "string") }}' }),
		{ asTool: true, typeVersion: 1.1, input: [{ value: target.email }] },
	);
	const answer = JSON.stringify(jsonOf(result));
	expect(answer).toContain(target.email);
	expect(answer).not.toContain(TOKEN_ON_FILE);
	expect(answer).not.toContain(target.bank_number);
});
