import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, rl, run } = useCrm();

// Issue 43, A: a unit price an expression works out in floating point (3 × 9.95 is 29.849999999999998) is no
// price a person gave. Left out of the request, the order was placed at the product's own price (149) and the
// item said success. It is refused naming its row and field; nothing is sent.
describe('Order Create: a price no JSON number carries exactly', () => {
	test('3 × 9.95 from an expression is refused naming the row and the field; no order is placed', async () => {
		const result = await run(
			'order',
			'create',
			{
				cid: rl('1002'),
				products: { product: [{ pid: 1, quantity: 3, price: '={{ 3 * 9.95 }}' }] },
			},
			{ continueOnFail: true },
		);
		expect(jsonOf(result)).toEqual([
			{ error: expect.stringMatching(/^Products \(products\) row 1: Unit Price \(price\) /) },
		]);
		expect(String(jsonOf(result)[0].error)).toContain('29.849999999999998');
		expect(state().orders).toEqual([]);
		expect(node.sim().requests.filter((r) => r.url.includes('/orders/'))).toEqual([]);
	});

	test('the same price rounded by the expression (29.85) is placed at exactly that price', async () => {
		const result = await run('order', 'create', {
			cid: rl('1002'),
			products: {
				product: [{ pid: 1, quantity: 3, price: '={{ Math.round(3 * 9.95 * 100) / 100 }}' }],
			},
		});
		expect(result.error?.message).toBeUndefined();
		expect(state().orders[0]).toMatchObject({ items: [{ pid: 1, quantity: 3, price: 29.85 }] });
	});
});
