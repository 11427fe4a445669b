import { jsonOf } from '../harness/nodeRunner';
import { useCrm } from '../kits/crm';
import { describeRefusals } from '../harness/refusals';
import type { Refusal } from '../harness/refusals';
const { node, rl } = useCrm();

const refused: Refusal[] = [
	{
		rule: 'two payments of one type (the platform keeps one per type: the first would be lost)',
		parameters: {
			resource: 'sale',
			operation: 'create',
			use: 'saleWithPayment',
			cid: rl('1001'),
			products: { product: [{ pid: 1, price: 80, quantity: 1 }] },
			payments: {
				payment: [
					{ type: 'cash', amount: 30, description: 'Deposit' },
					{ type: 'card', amount: 10, description: '' },
					{ type: 'cash', amount: 50, description: 'Balance' },
				],
			},
		},
		message:
			'Payments (payments) rows 1 and 3 have the same Payment Type (type) "cash": the platform keeps ' +
			'one payment per type, so give each row its own type or put them in one row',
	},
	{
		rule: 'a timeline category given by expression that is not in the list',
		parameters: {
			resource: 'timeline',
			operation: 'upsert',
			module: 'customers',
			recordId: '1001',
			category: '={{ "call" }}',
			title: 'T',
			description: 'D',
		},
		message: 'Category (category) must be one of: event, note',
	},
	{
		rule: 'a timeline module given by expression that is not in the list',
		parameters: {
			resource: 'timeline',
			operation: 'getAll',
			module: '={{ "invoices" }}',
			recordId: '1',
		},
		message: 'Module (module) must be one of: customers, leads, orders, services',
	},
	{
		rule: 'a record id that is a dot segment (it would collapse onto another endpoint)',
		parameters: { resource: 'timeline', operation: 'getAll', module: 'customers', recordId: '..' },
		message:
			'Record ID (recordId) cannot be "." or "..": the address would point at another record or endpoint',
	},
	{
		rule: 'a record id of one dot',
		parameters: { resource: 'timeline', operation: 'getAll', module: 'customers', recordId: '.' },
		message:
			'Record ID (recordId) cannot be "." or "..": the address would point at another record or endpoint',
	},
];

describeRefusals(node, refused);

test('payments of different types are all sent', async () => {
	const result = await node.run({
		resource: 'sale',
		operation: 'create',
		use: 'saleWithPayment',
		cid: rl('1001'),
		products: { product: [{ pid: 1, price: 80, quantity: 1 }] },
		payments: {
			payment: [
				{ type: 'cash', amount: 30, description: '' },
				{ type: 'eftpos', amount: 50, description: '' },
			],
		},
	});
	expect(result.error).toBeUndefined();
	const body = node.sim().requests.at(-1)!.body as Array<{ payments: object }>;
	expect(body[0].payments).toEqual({
		cash: { description: '', amount: '30' },
		eftpos: { description: '', amount: '50' },
	});
});

test('a timeline record id of a single space is sent (the spec asks for at least a space)', async () => {
	const result = await node.run(
		{ resource: 'timeline', operation: 'getAll', module: 'customers', recordId: ' ' },
		{ continueOnFail: true },
	);
	expect(node.sim().requests.map((r) => r.url.replace(/^\/[^/]+/, ''))).toEqual([
		'/timeline/customers/%20',
	]);
	// The simulator has no record ' ': what matters is that the platform, not the node, answers.
	expect(jsonOf(result)[0].error).not.toMatch(/Record ID \(recordId\)/);
});

test('an empty record id is still refused', async () => {
	const result = await node.run({
		resource: 'timeline',
		operation: 'getAll',
		module: 'customers',
		recordId: '={{ "" }}',
	});
	expect(result.error?.message).toBe('Record ID (recordId) is required');
	expect(node.sim().requests).toEqual([]);
});
