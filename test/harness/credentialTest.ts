import type { ICredentialTestRequest, IDataObject, INodeType } from 'n8n-workflow';
import type { RunResult } from './engine';

/**
 * The node n8n's CredentialsTester builds for a declarative test: no properties of its own but one
 * whose routing.request is the credential's test request, run by RoutingNode.
 */
export function testRequestNode(test: ICredentialTestRequest, credentialName: string): INodeType {
	return {
		description: {
			displayName: 'Credential Test',
			name: 'credentialTest',
			group: ['input'],
			version: 1,
			description: 'Sends the credential test request',
			defaults: { name: 'Credential Test' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credentialName, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					default: '',
					routing: { request: test.request },
				},
			],
		},
	};
}

/**
 * lodash `get` as n8n uses it on the rules' keys: a path of properties, which on a text body indexes
 * its characters.
 */
function read(value: unknown, key: string): unknown {
	return key
		.split('.')
		.reduce<unknown>(
			(at, part) =>
				at === null || at === undefined ? undefined : (at as Record<string, unknown>)[part],
			value,
		);
}

type CauseOf = { cause?: { response?: { status: number; statusText?: string }; code?: string } };

/**
 * The message n8n's CredentialsTester.testCredentials shows for a run of the test request, by the
 * same steps.
 */
export function verdict(test: ICredentialTestRequest, result: RunResult): string {
	const error = result.error as (RunResult['error'] & CauseOf) | undefined;
	if (error) {
		const response = error.cause?.response;
		if (response) {
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === response.status)
					return rule.properties.message;
			}
			if (response.status < 199 || response.status > 299)
				return response.statusText || `Received HTTP status code: ${response.status}`;
		} else if (error.cause?.code) {
			return error.cause.code;
		}
		return error.message;
	}
	for (const rule of test.rules ?? []) {
		if (
			rule.type === 'responseSuccessBody' &&
			read(result.items[0].json as IDataObject, rule.properties.key) === rule.properties.value
		) {
			return rule.properties.message;
		}
	}
	return 'Connection successful!';
}
