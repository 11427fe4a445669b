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
import { describeSingleOperation, labelSubtitle } from '../shared/tableNode/describe';
import { getReportColumns } from './report.columns';
import { reportOperations } from './report.operations';
import { REPORT_OPTIONS } from './report.request';
import { outputFields } from './report.output';
import { requestOptionsField } from '../shared/transport/requestOptions';

/** The node's operations, by resource: what its editor shows and what it runs. */
export const tables: Tables = { report: reportOperations };

export class TelcoBillingReport implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Telco Billing Report',
		name: 'telcoBillingReport',
		icon: {
			light: 'file:../../icons/report.svg',
			dark: 'file:../../icons/report.dark.svg',
		},
		subtitle: labelSubtitle('report', REPORT_OPTIONS, 'Report'),
		description:
			'Run any of the billing platform’s reports (receivables, billed minutes, new and ' +
			'ended services, revenue) for a period',

		defaults: { name: 'Telco Billing Report' },
		usableAsTool: true,
		...tableNode({ simplify: true }),
		properties: [
			...describeSingleOperation('report', reportOperations[0]),
			...outputFields,
			requestOptionsField,
		],
	};

	methods = { loadOptions: { ...loadOptions, getReportColumns } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runTables(this, tables);
	}
}
