import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeTypeDescription } from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../transport/transport';

/**
 * What every declarative node of the package shares (lint wants icon and subtitle in each node file):
 * connections, credential, request defaults.
 */
export function declarativeNode(): Pick<
	INodeTypeDescription,
	'group' | 'version' | 'inputs' | 'outputs' | 'credentials' | 'requestDefaults'
> {
	return {
		group: ['transform'],
		version: 1,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		// Every answer reaches postReceive, which judges HTTP errors and HTTP-200 refusals alike.
		requestDefaults: {
			headers: { Accept: 'application/json' },
			json: true,
			ignoreHttpStatusErrors: true,
		},
	};
}
