import type { INodeProperties } from 'n8n-workflow';
import { amountRefusal, decimalText, wholeQuantity } from '../shared/input/money';
import { fixedRows } from '../shared/input/rules';
import { sentAs } from '../shared/input/sentTypes';
import type { RequestInput } from '../shared/input/rules';

/** The products of a sale or an order: one row each. */
export const productRows = (withPrice: boolean): INodeProperties => ({
	displayName: 'Products',
	name: 'products',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Product',
	default: {},
	options: [
		{
			displayName: 'Product',
			name: 'product',
			values: [
				{
					displayName: 'Product Name or ID',
					name: 'pid',
					type: 'options',
					typeOptions: { loadOptionsMethod: 'getProducts' },
					default: '',
					description:
						'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				},
				{
					displayName: withPrice ? 'Unit Price' : 'Unit Price (Optional)',
					name: 'price',
					type: 'number',
					default: 0,
					typeOptions: { numberPrecision: 4 },
					description: withPrice
						? 'Unit price of the sale in dollars, sent exactly as given (0.125 stays 0.125)'
						: 'Leave 0 to use the product’s price',
				},
				{
					displayName: 'Quantity',
					name: 'quantity',
					type: 'number',
					default: 1,
					typeOptions: { minValue: 1, numberPrecision: 0 },
					description: 'A whole number (the platform counts whole units)',
				},
			],
		},
	],
});

/**
 * The one rule for the product rows of a sale and of an order: a product by its ID, a unit price an amount (a
 * sale's as given, an order's 0 or more, 0 meaning the product's price) that its type in the spec holds exactly,
 * a quantity a whole number above 0. A price that cannot be read is refused naming its row, never replaced by the
 * product's price (3 × 9.95 from an expression is 29.849999999999998, no price anyone gave).
 */
export function productRowsRefusal(
	input: RequestInput,
	{ orderPrice }: { orderPrice: boolean },
): string | undefined {
	for (const [index, row] of fixedRows(input, 'products', 'product').entries()) {
		const at = `Products (products) row ${index + 1}: `;
		if (!/^\s*[1-9]\d*\s*$/.test(String(row.pid ?? '')))
			return `${at}Product (pid) must be a product: choose it from the list, or give its ID`;
		const price = decimalText(row.price ?? 0);
		if (price === undefined) return at + amountRefusal('Unit Price', 'price');
		// The price as the spec types it (an order's a number, a sale's text): exactly what was given, or refused.
		const exact = sentAs(orderPrice ? 'number' : 'string', row.price ?? 0);
		if ('problem' in exact) return `${at}Unit Price (price) ${exact.problem}`;
		if (orderPrice && price.startsWith('-'))
			return `${at}Unit Price (price) must be 0 or more (0 uses the product’s price)`;
		if (wholeQuantity(row.quantity ?? 1) === undefined)
			return `${at}Quantity (quantity) must be a whole number above 0`;
	}
	return undefined;
}
