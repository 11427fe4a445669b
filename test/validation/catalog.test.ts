import { useCatalog } from '../kits/catalog';
import { describeRefusals } from '../harness/refusals';
import type { Refusal } from '../harness/refusals';
const { node, state } = useCatalog();

const items = { item: [{ related_type: 'service', related_id: 3, override: 1, adjustment: 30 }] };

// An Update whose id is empty or not a number would be sent without an id: the platform creates instead.
const refused: Refusal[] = [
	{
		rule: 'Price Book Update with an id that resolved to nothing',
		parameters: {
			resource: 'priceBook',
			operation: 'update',
			priceBookId: '={{ $json.none }}',
			items,
		},
		message: 'Price Book (priceBookId) is required',
	},
	{
		rule: 'Price Book Update with an id that is not a number',
		parameters: { resource: 'priceBook', operation: 'update', priceBookId: 'Partner', items },
		message: "Price Book (priceBookId) must be a whole number above 0 (the record's ID)",
	},
	{
		rule: 'a path value that is a dot segment',
		parameters: { resource: 'priceBook', operation: 'get', priceBookId: '..' },
		message:
			'Price Book Name or ID (priceBookId) cannot be "." or "..": the address would point at ' +
			'another record or endpoint',
	},
	{
		rule: 'a listed option given by expression with a value the list does not have',
		parameters: {
			resource: 'priceBook',
			operation: 'create',
			name: 'X',
			items: { item: [{ ...items.item[0], related_type: '={{ "bundle" }}' }] },
		},
		message: 'Items (items) row 1: Applies To (related_type) must be one of: product, service',
	},
];

describeRefusals(node, refused, () => {
	const books = state().priceBooks.length;
	return () => expect(state().priceBooks).toHaveLength(books);
});
