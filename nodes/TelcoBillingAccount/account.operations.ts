import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { apiKeyOf, PORTAL_LOGIN_PATH } from '../shared/platform/apiKey';
import { isInvalidKey } from '../shared/platform/envelope';
import type { PlatformFailure } from '../shared/platform/envelope';
import type { Operation, OutputContext } from '../shared/operation/operations';
import { rules } from '../shared/input/rules';
import type { Rule } from '../shared/input/rules';
import { CREDENTIAL_TYPE, PORTAL_LOGIN_CREDENTIAL_TYPE } from '../shared/transport/transport';

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
async function loginVerdict(body: unknown, { credential }: OutputContext): Promise<IDataObject> {
	const key = String((body as IDataObject).key ?? '');
	const apiKey = apiKeyOf(await credential(CREDENTIAL_TYPE));
	return {
		valid: true,
		success: true,
		username: String((await credential(PORTAL_LOGIN_CREDENTIAL_TYPE)).username ?? ''),
		key_matches_credential: key !== '' && key === apiKey,
		key_hint: key.length > 8 ? `…${key.slice(-4)}` : '…',
	};
}

/**
 * A login the platform turns down (wrong password, unknown user, a user on no key) is the answer the
 * operation exists for: an item to branch on, in the platform's words (already free of the password).
 * A refused API key is not about the login, and still fails.
 */
async function loginRefused(
	failure: PlatformFailure,
	{ credential }: OutputContext,
): Promise<IDataObject | undefined> {
	if (isInvalidKey(failure.message)) return undefined;
	const { username } = await credential(PORTAL_LOGIN_CREDENTIAL_TYPE);
	return { valid: false, username: String(username ?? ''), reason: failure.message };
}

// n8n keeps node parameters and execution data unencrypted: say so where a secret has to be one.
const STORED_IN_CLEAR =
	'n8n stores node parameters, and the input and output of every saved execution, ' +
	'unencrypted. Pass it by expression from the node that receives it (e.g. the ' +
	'email or form trigger) rather than typing it here, and turn off saving ' +
	'execution data for this workflow (Workflow Settings).';

const confirmRules: Rule[] = [
	rules.pattern(
		'body',
		'token',
		'Reset Token',
		/^[0-9a-f]{64}$/,
		'must be the 64 lowercase hexadecimal characters of the reset email',
	),
	rules.required('body', 'token', 'Reset Token'),
	(input) =>
		String(input.body.password ?? '').length < 8
			? 'New Password (password) must be at least 8 characters'
			: undefined,
	(input) =>
		input.body.password !== input.body.password_confirm
			? 'Confirm New Password (password_confirm) must equal New Password'
			: undefined,
];

export const accountOperations: Operation[] = [
	{
		value: 'verifyLogin',
		name: 'Verify Portal Login',
		action: 'Verify a portal login',
		description:
			'Check that the portal user of the Portal Login credential can obtain the API ' +
			'key, and whether it is this API credential’s key. The key itself is never ' +
			'output.',

		method: 'GET',
		path: PORTAL_LOGIN_PATH,
		credential: PORTAL_LOGIN_CREDENTIAL_TYPE,
		outputOf: loginVerdict,
		refusalAsAnswer: loginRefused,
	},
	{
		value: 'requestReset',
		name: 'Request Password Reset',
		action: 'Request a password reset',
		description:
			'Email a reset link to an internal user. The answer is the same whether or not ' +
			'the account exists.',

		method: 'POST',
		path: '/password-reset/request',
		fields: [
			{
				displayName: 'Username or Email',
				name: 'username',
				type: 'string',
				required: true,
				default: '',
				routing: { send: { type: 'body', property: 'username' } },
			},
		],
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
			{
				...secret(
					'Reset Token',
					'token',
					`64 lowercase hexadecimal characters, from the reset email. ${STORED_IN_CLEAR}`,
				),
				routing: { send: { type: 'body', property: 'token' } },
			},
			{
				...secret('New Password', 'password', `At least 8 characters. ${STORED_IN_CLEAR}`),
				routing: { send: { type: 'body', property: 'password' } },
			},
			{
				...secret(
					'Confirm New Password',
					'password_confirm',
					'The same password again, passed the same way',
				),
				routing: { send: { type: 'body', property: 'password_confirm' } },
			},
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
		description:
			'Delete the department’s customers, invoices, services, call packs, addresses, ' +
			'orders and events. Only on departments enabled for it.',

		method: 'GET',
		path: '/resetdb',
		fields: [
			{
				displayName: 'Confirm Reset',
				name: 'confirmReset',
				type: 'boolean',
				default: false,
				description:
					'Whether you understand that this deletes the department’s data and cannot be undone',
			},
		],
		rules: [
			(input) =>
				input.param('confirmReset', false) === true
					? undefined
					: 'Confirm Reset (confirmReset) must be on: this deletes the department’s data and ' +
						'cannot be undone',
		],
	},
];
