import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { declarativeNode } from '../shared/node';
import { describeResource } from '../shared/operations';
import { accountOperations, demoOperations } from './account.operations';

export class TelcoBillingAccount implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Telco Billing Account',
		name: 'telcoBillingAccount',
		icon: { light: 'file:../../icons/telcoBilling.svg', dark: 'file:../../icons/telcoBilling.dark.svg' },
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Portal logins, password resets and the demo database reset of the billing platform',
		defaults: { name: 'Telco Billing Account' },
		usableAsTool: true,
		...declarativeNode({ account: accountOperations, demo: demoOperations }),
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Account', value: 'account', description: 'Portal logins and password resets (no API key in the path)' },
					{ name: 'Demo Database', value: 'demo', description: 'Reset a demo department' },
				],
				default: 'account',
			},
			...describeResource('account', accountOperations, 'verifyLogin'),
			...describeResource('demo', demoOperations, 'reset'),
		],
	};
}
