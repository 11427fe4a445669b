import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { loadOptions } from '../shared/loaders';
import { declarativeNode } from '../shared/node';
import { describeResource } from '../shared/describe';
import { reportOperations } from './report.operations';

export class TelcoBillingReport implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Telco Billing Report',
		name: 'telcoBillingReport',
		icon: {
			light: 'file:../../icons/telcoBilling.svg',
			dark: 'file:../../icons/telcoBilling.dark.svg',
		},
		subtitle: '={{$parameter["report"]}}',
		description:
			'Run any of the billing platform’s reports (receivables, billed minutes, new and ' +
			'ended services, revenue) for a period',

		defaults: { name: 'Telco Billing Report' },
		usableAsTool: true,
		...declarativeNode(),
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Report', value: 'report', description: 'Reports of the reports module' },
				],
				default: 'report',
			},
			...describeResource('report', reportOperations, 'run'),
		],
	};

	methods = { loadOptions };
}
