import type { INodeProperties } from 'n8n-workflow';

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
