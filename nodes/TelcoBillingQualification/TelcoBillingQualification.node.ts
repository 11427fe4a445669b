import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { declarativeNode } from '../shared/declarative/node';
import { describeResource, operationSubtitle } from '../shared/declarative/describe';
import { qualificationOperations } from './qualification.operations';

export class TelcoBillingQualification implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Telco Billing Qualification',
		name: 'telcoBillingQualification',
		icon: {
			light: 'file:../../icons/qualification.svg',
			dark: 'file:../../icons/qualification.dark.svg',
		},
		subtitle: operationSubtitle({
			qualification: { label: 'Qualification', operations: qualificationOperations },
		}),
		description: 'Qualify street addresses for network services and verify AVC ids',
		defaults: { name: 'Telco Billing Qualification' },
		usableAsTool: true,
		...declarativeNode(),
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Qualification',
						value: 'qualification',
						description: 'Address and AVC qualification',
					},
				],
				default: 'qualification',
			},
			...describeResource('qualification', qualificationOperations, 'qualify'),
		],
	};
}
