import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { loadOptions } from '../shared/methods/loaders';
import { declarativeNode } from '../shared/declarative/node';
import { describeSingleOperation, labelSubtitle } from '../shared/declarative/describe';
import { getReportColumns } from './report.columns';
import { reportOperations } from './report.operations';
import { REPORT_OPTIONS } from './report.request';
import { outputFields } from './report.output';

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
		...declarativeNode({ simplify: true }),
		properties: [...describeSingleOperation('report', reportOperations[0]), ...outputFields],
	};

	methods = { loadOptions: { ...loadOptions, getReportColumns } };
}
