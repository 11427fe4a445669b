import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';
import { ignoreSslField, withCertificatePolicy } from '../nodes/shared/platform/certificate';
import { withApiKey } from '../nodes/shared/platform/apiKey';

export class TelcoBillingApi implements ICredentialType {
	name = 'telcoBillingApi';

	displayName = 'Telco Billing API';

	icon: Icon = {
		light: 'file:../icons/telcoBilling.svg',
		dark: 'file:../icons/telcoBilling.dark.svg',
	};

	documentationUrl =
		'https://github.com/telco-billing/n8n-nodes-telco-billing/blob/main/docs/credentials.md';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://billing.example.com/api',
			required: true,
			description:
				'Address of the billing platform API, including its API prefix and without the ' +
				'key. Use the production platform for live data, the development platform for ' +
				'testing, or the simulator started by npm start (http://127.0.0.1:8787) to build ' +
				'workflows offline.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				"The department's API token. The platform expects it as the first segment of " +
				'every URL; the node places it there, encoded, and never in a header.',
		},
		{
			displayName: 'Max Requests at Once',
			name: 'maxConcurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 50 },
			default: 5,
			description:
				'How many requests one node sends to the platform at the same time, whatever the number ' +
				'of items. A shared platform throttles bursts: raise it only if yours allows more.',
		},
		ignoreSslField,
	];

	// The platform has no auth header: the key is a path segment, added here and nowhere else.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return withApiKey(
			withCertificatePolicy(requestOptions, credentials),
			String(credentials.baseUrl ?? ''),
			String(credentials.apiKey ?? ''),
		);
	}
}
