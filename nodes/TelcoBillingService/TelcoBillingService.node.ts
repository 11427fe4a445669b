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
import { bundleOperations } from './bundle.operations';
import { serviceOperations } from './service.operations';
import { requestOptionsField } from '../shared/transport/requestOptions';

/** The node's operations, by resource: what its editor shows and what it runs. */
export const tables: Tables = { service: serviceOperations, bundle: bundleOperations };

export class TelcoBillingService implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Telco Billing Service',
		name: 'telcoBillingService',
		icon: {
			light: 'file:../../icons/service.svg',
			dark: 'file:../../icons/service.dark.svg',
		},
		subtitle: operationSubtitle({
			service: { label: 'Service', operations: serviceOperations },
			bundle: { label: 'Service Bundle', operations: bundleOperations },
		}),
		description:
			'Provision, price and end customer services and bundles: fees, misc charges, ' +
			'early termination',

		defaults: { name: 'Telco Billing Service' },
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
						name: 'Service',
						value: 'service',
						description: 'Customer services (enid): numbers, fees, status, charges',
					},
					{
						name: 'Service Bundle',
						value: 'bundle',
						description: 'Bundles of services with included usage',
					},
				],
				default: 'service',
			},
			...describeResource('service', serviceOperations, 'get'),
			...describeResource('bundle', bundleOperations, 'getByCustomer'),
			requestOptionsField,
		],
	};

	methods = { loadOptions, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runTables(this, tables);
	}
}
