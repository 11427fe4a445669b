import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { listSearch, loadOptions } from '../shared/methods/loaders';
import { tableNode } from '../shared/tableNode/node';
import { runTables } from '../shared/tableNode/itemLoop';
import type { Tables } from '../shared/tableNode/itemLoop';
import { describeResource, operationSubtitle } from '../shared/tableNode/describe';
import { contactOperations } from './contact.operations';
import { customerOperations } from './customer.operations';
import { requestOptionsField } from '../shared/transport/requestOptions';

/** The node's operations, by resource: what its editor shows and what it runs. */
export const tables: Tables = { customer: customerOperations, contact: contactOperations };

export class TelcoBillingCustomer implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Telco Billing Customer',
		name: 'telcoBillingCustomer',
		icon: {
			light: 'file:../../icons/customer.svg',
			dark: 'file:../../icons/customer.dark.svg',
		},
		subtitle: operationSubtitle({
			contact: { label: 'Contact', operations: contactOperations },
			customer: { label: 'Customer', operations: customerOperations },
		}),
		description:
			'Create, find and update billing customers and their contacts, balances and payments',
		defaults: { name: 'Telco Billing Customer' },
		usableAsTool: true,
		...tableNode({ simplify: true }),
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Contact', value: 'contact', description: 'Contact people of a customer' },
					{
						name: 'Customer',
						value: 'customer',
						description: 'Billing customers, balances, payments, charges and credit management',
					},
				],
				default: 'customer',
			},
			...describeResource('customer', customerOperations, 'getAll'),
			...describeResource('contact', contactOperations, 'getAll'),
			requestOptionsField,
		],
	};

	methods = { loadOptions, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runTables(this, tables);
	}
}
