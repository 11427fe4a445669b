import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { tableNode } from '../shared/tableNode/node';
import { runTables } from '../shared/tableNode/itemLoop';
import type { Tables } from '../shared/tableNode/itemLoop';
import { describeResource, operationSubtitle } from '../shared/tableNode/describe';
import { qualificationOperations } from './qualification.operations';
import { requestOptionsField } from '../shared/transport/requestOptions';

/** The node's operations, by resource: what its editor shows and what it runs. */
export const tables: Tables = { qualification: qualificationOperations };

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
		...tableNode(),
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
			requestOptionsField,
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runTables(this, tables);
	}
}
