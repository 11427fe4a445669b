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
import { leadOperations } from './lead.operations';
import { orderOperations } from './order.operations';
import { saleOperations } from './sale.operations';
import { timelineOperations } from './timeline.operations';
import { requestOptionsField } from '../shared/transport/requestOptions';

/** The node's operations, by resource: what its editor shows and what it runs. */
export const tables: Tables = {
	lead: leadOperations,
	order: orderOperations,
	sale: saleOperations,
	timeline: timelineOperations,
};

export class TelcoBillingCrm implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Telco Billing CRM',
		name: 'telcoBillingCrm',
		icon: {
			light: 'file:../../icons/crm.svg',
			dark: 'file:../../icons/crm.dark.svg',
		},
		subtitle: operationSubtitle({
			sale: { label: 'External Sale', operations: saleOperations },
			lead: { label: 'Lead', operations: leadOperations },
			order: { label: 'Order', operations: orderOperations },
			timeline: { label: 'Timeline Entry', operations: timelineOperations },
		}),
		description:
			'Leads, orders, external sales and timeline notes and events of the billing platform',
		defaults: { name: 'Telco Billing CRM' },
		usableAsTool: true,
		...tableNode(),
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'External Sale',
						value: 'sale',
						description: 'Sales and payments taken outside the platform',
					},
					{ name: 'Lead', value: 'lead', description: 'Prospective customers' },
					{ name: 'Order', value: 'order', description: 'Orders for customers' },
					{
						name: 'Timeline Entry',
						value: 'timeline',
						description: 'Notes and dated events on customers, leads, orders and services',
					},
				],
				default: 'lead',
			},
			...describeResource('lead', leadOperations, 'getAll'),
			...describeResource('order', orderOperations, 'create'),
			...describeResource('sale', saleOperations, 'create'),
			...describeResource('timeline', timelineOperations, 'getAll'),
			requestOptionsField,
		],
	};

	methods = { loadOptions, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runTables(this, tables);
	}
}
