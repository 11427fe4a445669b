import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';
import { ignoreSslField, withCertificatePolicy } from '../nodes/shared/platform/certificate';
import { withPortalLogin } from '../nodes/shared/platform/apiKey';

/**
 * A portal user's login, kept encrypted by n8n rather than typed into a node, where n8n would store it in
 * plain text with the workflow and every execution.
 */
export class TelcoBillingPortalLoginApi implements ICredentialType {
	name = 'telcoBillingPortalLoginApi';

	displayName = 'Telco Billing Portal Login API';

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
				'Address of the billing platform API, including its API prefix: the same as in ' +
				'the Telco Billing API credential',
		},
		{
			displayName: 'Username',
			name: 'username',
			type: 'string',
			default: '',
			required: true,
			description:
				'The portal user’s username; the API key must allow it ' +
				'(alloweduser&lt;username&gt; set to yes)',
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The portal user’s password. n8n stores it encrypted; the node sends it encoded ' +
				'in the login path and never shows it.',
		},
		ignoreSslField,
	];

	// The platform takes the login in the path of its one login endpoint: added here and nowhere else.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return withPortalLogin(
			withCertificatePolicy(requestOptions, credentials),
			String(credentials.baseUrl ?? ''),
			String(credentials.username ?? ''),
			String(credentials.password ?? ''),
		);
	}
}
