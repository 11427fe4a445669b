import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeTypeDescription } from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../transport/transport';

/**
 * The node version from which Simplify (and a tool's Output) is on by default. Nodes with such
 * operations offer both versions: a saved workflow keeps its version 1 node and so its raw output, a
 * node added now is 1.1 (n8n's way of changing a default).
 */
export const SIMPLIFY_SINCE = 1.1;

/**
 * What every node run from operation tables shares (lint wants icon and subtitle in each node file):
 * connections and credential; `simplify` for a node with operations that have Simplify.
 */
export function tableNode(
	options: { simplify?: boolean } = {},
): Pick<
	INodeTypeDescription,
	'group' | 'version' | 'defaultVersion' | 'inputs' | 'outputs' | 'credentials'
> {
	return {
		group: ['transform'],
		...(options.simplify
			? { version: [1, SIMPLIFY_SINCE], defaultVersion: SIMPLIFY_SINCE }
			: { version: 1 }),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
	};
}
