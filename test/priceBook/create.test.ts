import { useCatalog } from '../kits/catalog';
import { jsonOf } from '../harness/nodeRunner';
const { node, state } = useCatalog();

describe('Price Book', () => {
	test('Create with items, then Update replaces the items; a customer on the book is priced by it', async () => {
		const created = await node.run({
			resource: 'priceBook',
			operation: 'create',
			name: 'Wholesale',
			items: { item: [{ related_type: 'service', related_id: 3, override: 0, adjustment: 80 }] },
		});
		const [{ id }] = jsonOf(created);
		expect(state().priceBooks.find((b) => b.id === id)).toMatchObject({
			name: 'Wholesale',
			deptid: 1,
			items: [expect.objectContaining({ related_id: 3, override: 0, adjustment: 80 })],
		});

		await node.run({
			resource: 'priceBook',
			operation: 'update',
			priceBookId: id as number,
			name: '',
			items: { item: [{ related_type: 'service', related_id: 3, override: 1, adjustment: 33 }] },
		});
		const book = state().priceBooks.find((b) => b.id === id)!;
		expect(book).toMatchObject({
			name: 'Wholesale',
			items: [expect.objectContaining({ override: 1, adjustment: 33 })],
		});
		const customer = state().customers[1];
		customer.price_book_id = id as number;
		expect(state().priceFor(customer, 3)).toEqual({ price: 33, fromPriceBook: true });
	});
});
