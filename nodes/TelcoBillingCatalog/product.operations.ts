import type { Operation } from '../shared/operation/operations';
import { loadedOptions } from '../shared/declarative/describe';

export const productOperations: Operation[] = [
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many products',
		description: 'List products',
		method: 'GET',
		path: '/products/get/page/{page}',
		list: 'paged',
		output: { numbers: ['pid', 'ex_tax_amount'] },
	},
	{
		value: 'get',
		name: 'Get',
		action: 'Get a product',
		description: 'Get a product’s full record',
		method: 'GET',
		path: '/product/get/{pid}',
		fields: [loadedOptions('Product Name or ID', 'pid', 'getProducts', 'The product')],
		output: {
			root: 'products',
			numbers: [
				'pid',
				'ex_tax_amount',
				'inc_tax_amount',
				'cost',
				'vid',
				'taxrate_id',
				'taxrate',
				'catid',
			],
		},
	},
];
