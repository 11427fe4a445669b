import { useCatalog } from '../kits/catalog';
const { node, state, sent } = useCatalog();

describe('partial updates send only what the user set', () => {
	test('Price Book Update without a name sends none, so the book keeps its name', async () => {
		await node.run({
			resource: 'priceBook',
			operation: 'update',
			priceBookId: 1,
			items: { item: [{ related_type: 'service', related_id: 3, override: 1, adjustment: 30 }] },
		});
		expect(sent()).toEqual([
			{ id: 1, items: [{ related_type: 'service', related_id: 3, override: 1, adjustment: 30 }] },
		]);
		expect(state().priceBooks.find((b) => b.id === 1)!.name).toBe('Partner Pricing');
	});
});
