import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { loadOptions } from '../shared/methods/loaders';
import { tableNode } from '../shared/tableNode/node';
import { runTables } from '../shared/tableNode/itemLoop';
import type { Tables } from '../shared/tableNode/itemLoop';
import { describeResource, operationSubtitle } from '../shared/tableNode/describe';
import { callRateOperations } from './callRateCard.operations';
import { callTypeOperations } from './callType.operations';
import { priceBookOperations } from './priceBook.operations';
import { productOperations } from './product.operations';
import { serviceTypeOperations } from './serviceType.operations';
import { requestOptionsField } from '../shared/transport/requestOptions';

/** The node's operations, by resource: what its editor shows and what it runs. */
export const tables: Tables = {
	serviceType: serviceTypeOperations,
	priceBook: priceBookOperations,
	product: productOperations,
	callRate: callRateOperations,
	callType: callTypeOperations,
};

export class TelcoBillingCatalog implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Telco Billing Catalog',
		name: 'telcoBillingCatalog',
		icon: {
			light: 'file:../../icons/catalog.svg',
			dark: 'file:../../icons/catalog.dark.svg',
		},
		subtitle: operationSubtitle({
			callRate: { label: 'Call Rate Card', operations: callRateOperations },
			callType: { label: 'Call Type', operations: callTypeOperations },
			priceBook: { label: 'Price Book', operations: priceBookOperations },
			product: { label: 'Product', operations: productOperations },
			serviceType: { label: 'Service Type', operations: serviceTypeOperations },
		}),
		description:
			'Read and maintain the billing catalogue: service types, price books, products, ' +
			'call rates and call types',

		defaults: { name: 'Telco Billing Catalog' },
		usableAsTool: true,
		...tableNode({ simplify: true }),
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Call Rate Card',
						value: 'callRate',
						description: 'Rate cards: prices per call type',
					},
					{
						name: 'Call Type',
						value: 'callType',
						description: 'How calls are classified for rating',
					},
					{
						name: 'Price Book',
						value: 'priceBook',
						description: 'Customer-specific prices for service types and products',
					},
					{ name: 'Product', value: 'product', description: 'Products sold and charged' },
					{
						name: 'Service Type',
						value: 'serviceType',
						description: 'Kinds of service with their list prices',
					},
				],
				default: 'serviceType',
			},
			...describeResource('serviceType', serviceTypeOperations, 'getAll'),
			...describeResource('priceBook', priceBookOperations, 'getAll'),
			...describeResource('product', productOperations, 'getAll'),
			...describeResource('callRate', callRateOperations, 'getAll'),
			...describeResource('callType', callTypeOperations, 'getAll'),
			requestOptionsField,
		],
	};

	methods = { loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runTables(this, tables);
	}
}
