import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeTypeDescription } from 'n8n-workflow';
import type { Operation } from './operations';
import { operationTable } from './operations';
import { createRunner } from './runner';
import { CREDENTIAL_TYPE } from './transport';

/** What every declarative node of the package shares (lint wants icon and subtitle in each node file): connections, credential and the request runner. */
export function declarativeNode(
	resources: Record<string, Operation[]>,
): Pick<
	INodeTypeDescription,
	'group' | 'version' | 'inputs' | 'outputs' | 'credentials' | 'requestDefaults' | 'requestOperations'
> {
	return {
		group: ['transform'],
		version: 1,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		requestDefaults: { headers: { Accept: 'application/json' } },
		requestOperations: { pagination: createRunner(operationTable(resources)) },
	};
}
