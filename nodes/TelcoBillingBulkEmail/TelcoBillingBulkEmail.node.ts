import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { loadOptions } from '../shared/methods/loaders';
import { declarativeNode } from '../shared/declarative/node';
import { describeResource, operationSubtitle } from '../shared/declarative/describe';
import { bulkEmailOperations } from './bulkEmail.operations';

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
		...declarativeNode({ simplify: true }),
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
		],
	};

	methods = { loadOptions };
}
