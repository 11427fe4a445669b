import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { credentialTest } from '../shared/methods/credentialTest';
import { tableNode } from '../shared/tableNode/node';
import { runTables } from '../shared/tableNode/itemLoop';
import type { Tables } from '../shared/tableNode/itemLoop';
import { describeResource, operationSubtitle } from '../shared/tableNode/describe';
import { CREDENTIAL_TYPE, PORTAL_LOGIN_CREDENTIAL_TYPE } from '../shared/transport/transport';
import { accountOperations, demoOperations } from './account.operations';
import { requestOptionsField } from '../shared/transport/requestOptions';

/** The node's operations, by resource: what its editor shows and what it runs. */
export const tables: Tables = { account: accountOperations, demo: demoOperations };

export class TelcoBillingAccount implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Telco Billing Account',
		name: 'telcoBillingAccount',
		icon: {
			light: 'file:../../icons/account.svg',
			dark: 'file:../../icons/account.dark.svg',
		},
		subtitle: operationSubtitle({
			account: { label: 'Account', operations: accountOperations },
			demo: { label: 'Demo Database', operations: demoOperations },
		}),
		description:
			'Portal logins, password resets and the demo database reset of the billing platform',
		defaults: { name: 'Telco Billing Account' },
		usableAsTool: true,
		...tableNode(),
		// RoutingNode sends an operation through the credential the `authentication` parameter names: the
		// portal login's for Verify Portal Login (which also compares the API credential's key), the API
		// credential's for the rest. `testedBy` names the credentials' Test functions (methods.credentialTest);
		// n8n takes them from the first node that declares one, so this node alone does. Names are literals:
		// n8n's lint reads them from this file.
		credentials: [
			// A portal password typed into a node would be stored in plain text: it lives in its own credential.
			{
				name: 'telcoBillingPortalLoginApi',
				required: true,
				testedBy: 'telcoBillingPortalLoginApiTest',
				displayOptions: { show: { authentication: [PORTAL_LOGIN_CREDENTIAL_TYPE] } },
			},
			{
				name: 'telcoBillingApi',
				required: true,
				testedBy: 'telcoBillingApiTest',
				displayOptions: {
					show: { authentication: [CREDENTIAL_TYPE, PORTAL_LOGIN_CREDENTIAL_TYPE] },
				},
			},
		],
		properties: [
			{
				displayName: 'Authentication',
				name: 'authentication',
				type: 'hidden',
				default: PORTAL_LOGIN_CREDENTIAL_TYPE,
				// By `hide`, not `show`: the editor moves a parameter that an authentication field's `show`
				// names out of the panel, and Resource and Operation would vanish.
				displayOptions: { hide: { operation: ['requestReset', 'confirmReset', 'reset'] } },
			},
			{
				displayName: 'Authentication',
				name: 'authentication',
				type: 'hidden',
				default: CREDENTIAL_TYPE,
				displayOptions: { hide: { operation: ['verifyLogin'] } },
			},
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Account',
						value: 'account',
						description: 'Portal logins and password resets (no API key in the path)',
					},
					{ name: 'Demo Database', value: 'demo', description: 'Reset a demo department' },
				],
				default: 'account',
			},
			...describeResource('account', accountOperations, 'verifyLogin'),
			...describeResource('demo', demoOperations, 'reset'),
			requestOptionsField,
		],
	};

	methods = { credentialTest };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runTables(this, tables);
	}
}
