import type { IDataObject, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import type { Operation } from '../shared/operations';
import { rules } from '../shared/rules';
import type { RequestInput, Rule } from '../shared/rules';

const secret = (displayName: string, name: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	typeOptions: { password: true },
	required: true,
	default: '',
	description,
});

/**
 * get-key answers with an API key, and a key must never enter execution data: the node reports whether the
 * portal login works and whether its key is the one this credential holds, with the last characters only.
 */
async function verifyLogin(request: (options: Partial<IHttpRequestOptions>) => Promise<unknown>, input: RequestInput, apiKey: string): Promise<IDataObject> {
	const body = (await request({})) as IDataObject;
	const key = String(body.key ?? '');
	return {
		success: true,
		username: input.path.username as string,
		key_matches_credential: key !== '' && key === apiKey,
		key_hint: key.length > 8 ? `…${key.slice(-4)}` : '…',
	};
}

const confirmRules: Rule[] = [
	rules.pattern('body', 'token', 'Reset Token', /^[0-9a-f]{64}$/, 'must be the 64 lowercase hexadecimal characters of the reset email'),
	rules.required('body', 'token', 'Reset Token'),
	(input) => (String(input.body.password ?? '').length < 8 ? 'New Password (password) must be at least 8 characters' : undefined),
	(input) => (input.body.password !== input.body.password_confirm ? 'Confirm New Password (password_confirm) must equal New Password' : undefined),
];

export const accountOperations: Operation[] = [
	{
		value: 'verifyLogin',
		name: 'Verify Portal Login',
		action: 'Verify a portal login',
		description: 'Check that a portal user can obtain the API key, and whether it is this credential’s key. The key itself is never output.',
		method: 'GET',
		path: '/get-key/{username}/{password}',
		fields: [
			{ displayName: 'Username', name: 'username', type: 'string', required: true, default: '', description: 'Portal username (allowed on the key as alloweduser&lt;username&gt;)' },
			secret('Password', 'password', 'The portal user’s password: sent encoded in the path, never logged or shown'),
		],
		secretParams: ['password'],
		send: verifyLogin,
	},
	{
		value: 'requestReset',
		name: 'Request Password Reset',
		action: 'Request a password reset',
		description: 'Email a reset link to an internal user. The answer is the same whether or not the account exists.',
		method: 'POST',
		path: '/password-reset/request',
		fields: [{ displayName: 'Username or Email', name: 'username', type: 'string', required: true, default: '', routing: { send: { type: 'body', property: 'username' } } }],
		rules: [rules.required('body', 'username', 'Username or Email')],
	},
	{
		value: 'confirmReset',
		name: 'Confirm Password Reset',
		action: 'Confirm a password reset',
		description: 'Set a new password with the token from the reset email; the token works once',
		method: 'POST',
		path: '/password-reset/confirm',
		fields: [
			{ ...secret('Reset Token', 'token', '64 lowercase hexadecimal characters, from the reset email'), routing: { send: { type: 'body', property: 'token' } } },
			{ ...secret('New Password', 'password', 'At least 8 characters'), routing: { send: { type: 'body', property: 'password' } } },
			{ ...secret('Confirm New Password', 'password_confirm', 'The same password again'), routing: { send: { type: 'body', property: 'password_confirm' } } },
		],
		rules: confirmRules,
		secretFields: ['token', 'password', 'password_confirm'],
	},
];

export const demoOperations: Operation[] = [
	{
		value: 'reset',
		name: 'Reset',
		action: 'Reset the demo database',
		description: 'Delete the department’s customers, invoices, services, call packs, addresses, orders and events. Only on departments enabled for it.',
		method: 'GET',
		path: '/resetdb',
		fields: [
			{
				displayName: 'Confirm Reset',
				name: 'confirmReset',
				type: 'boolean',
				default: false,
				description: 'Whether you understand that this deletes the department’s data and cannot be undone',
			},
		],
		rules: [(input) => (input.param('confirmReset', false) === true ? undefined : 'Confirm Reset (confirmReset) must be on: this deletes the department’s data and cannot be undone')],
	},
];
