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
import { bulkEmailOperations } from './bulkEmail.operations';
import { requestOptionsField } from '../shared/transport/requestOptions';

/** The node's operations, by resource: what its editor shows and what it runs. */
export const tables: Tables = { campaign: bulkEmailOperations };

export class TelcoBillingBulkEmail implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Telco Billing Bulk Email',
		name: 'telcoBillingBulkEmail',
		icon: {
			light: 'file:../../icons/bulkEmail.svg',
			dark: 'file:../../icons/bulkEmail.dark.svg',
		},
		subtitle: operationSubtitle({
			campaign: { label: 'Campaign', operations: bulkEmailOperations },
		}),
		description:
			'Preview, create, follow and cancel bulk email campaigns to customers, safely: ' +
			'only the counted audience is mailed',

		defaults: { name: 'Telco Billing Bulk Email' },
		usableAsTool: true,
		...tableNode({ simplify: true }),
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Campaign', value: 'campaign', description: 'Bulk email campaigns to customers' },
				],
				default: 'campaign',
			},
			...describeResource('campaign', bulkEmailOperations, 'preview'),
			requestOptionsField,
		],
	};

	methods = { loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runTables(this, tables);
	}
}
