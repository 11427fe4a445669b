import { useCatalog } from '../kits/catalog';
const { node, state, sent } = useCatalog();

// Found by a fresh-eyes review (issue 31): on an update a blank value never erases (isUpdate), but that rule reads the body's own
// fields: Price Book Update builds its items in sendBody (priceBookBody) with Number(...), so a mapped cell that
// came out blank becomes 0. An item whose Adjustment came out blank is sent as "0 percent of list price": every
// customer on the book is then priced at $0.00 for that service type. Nothing refuses it.

test('Price Book Update never sends a blank Adjustment as 0 (a price of nothing)', async () => {
	const before = JSON.stringify(state().priceBooks.find((b) => b.id === 1));
	const result = await node.run(
		{
			resource: 'priceBook',
			operation: 'update',
			priceBookId: 1,
			items: {
				item: [
					{
						related_type: 'service',
						related_id: 3,
						override: 0,
						adjustment: '={{ $json.adjustment }}',
					},
				],
			},
		},
		{ input: [{ adjustment: '' }] },
	);
	const items = sent().flatMap(
		(body) => ((body as { items?: unknown[] })?.items ?? []) as Array<{ adjustment: unknown }>,
	);
	// Refused before sending, or at least never sent as 0.
	expect({ adjustments: items.map((i) => i.adjustment), error: result.error?.message }).toEqual({
		adjustments: [],
		error: expect.stringMatching(/Adjustment/),
	});
	expect(JSON.stringify(state().priceBooks.find((b) => b.id === 1))).toBe(before);
});
