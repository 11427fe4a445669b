import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';
const { state, rl, run } = useCrm();

describe('Order', () => {
	test('Create places an order with the product prices', async () => {
		const result = await run('order', 'create', {
			cid: rl('ACC-1-0002'),
			products: {
				product: [
					{ pid: 1, quantity: 2, price: 0 },
					{ pid: 2, quantity: 1, price: 80 },
				],
			},
			reference: 'PO-77',
		});
		expect(jsonOf(result)).toEqual([{ success: true, id: expect.any(Number) }]);
		expect(state().orders[0]).toMatchObject({
			cid: 1002,
			reference: 'PO-77',
			items: [
				{ pid: 1, quantity: 2, price: 149 },
				{ pid: 2, quantity: 1, price: 80 },
			],
		});
	});

	test('an order without products is refused; an unknown customer is the platform’s error', async () => {
		expect((await run('order', 'create', { cid: rl('1001') })).error?.message).toBe(
			'Products (products) needs at least one product',
		);
		const unknown = await run(
			'order',
			'create',
			{ cid: rl('424242'), products: { product: [{ pid: 1, quantity: 1 }] } },
			{ continueOnFail: true },
		);
		expect(jsonOf(unknown)).toEqual([{ error: 'no customer found' }]);
	});
});
