import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// What a tool hands an AI agent or an MCP client's model: what the question needs, and a failure as a plain
// sentence naming the argument the model filled (never the editor's field, never "NodeOperationError:").

const search = {
	field: '={{ $fromAI("field", "company, name, surname, email, mobile or abn", "string") }}',
	value: '={{ $fromAI("text", "At least 3 characters of it", "string") }}',
};

test('a customer search as a tool added now gives who the customer is, not date of birth or ABN', async () => {
	const result = await node.run(customer('search', search), {
		input: [{ field: 'email', text: 'liam.smith1' }],
		typeVersion: 1.1,
		asTool: true,
	});
	const [found] = jsonOf(result);
	expect(found).toMatchObject({ found: true, email: 'liam.smith1@example.com', name: 'Liam' });
	expect(found).not.toHaveProperty('dob');
	expect(found).not.toHaveProperty('abn');
});

test('a refusal names the tool’s argument, in a sentence, and says nothing was sent', async () => {
	const result = await node.run(customer('search', search), {
		input: [{ field: 'company', text: 'ab' }],
		typeVersion: 1.1,
		asTool: true,
	});
	expect(result.error).toBeUndefined();
	expect(jsonOf(result)).toEqual([
		{
			error:
				'The argument "text" must be at least 3 characters. Nothing was sent to the billing platform.',
		},
	]);
	expect(node.sim().requests).toEqual([]);
});

test('a platform failure is the platform’s words, not n8n’s error class', async () => {
	const result = await node.run(
		customer('getBalance', {
			cid: {
				__rl: true,
				mode: 'id',
				value: '={{ $fromAI("customer", "The customer", "string") }}',
			},
		}),
		{ input: [{ customer: 'Nobody Anywhere Pty Ltd' }], typeVersion: 1.1, asTool: true },
	);
	const [answer] = jsonOf(result);
	expect(String(answer.error)).toMatch(/^No customer is "Nobody Anywhere Pty Ltd"/);
	expect(String(answer.error)).not.toMatch(/Error:|Nothing was created or updated/);
});
