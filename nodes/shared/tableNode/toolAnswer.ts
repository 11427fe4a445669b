import type {
	IExecuteFunctions,
	INodeExecutionData,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';
import { NOTHING_SENT } from '../input/rules';
import type { Operation } from '../operation/operations';
import { aiArguments, inToolTerms } from '../output/toolTerms';

/** A node run as an AI agent's or MCP client's tool: its type is the node's own with "Tool" after it. */
export function runsAsTool(context: IExecuteFunctions): boolean {
	return context.getNode().type.endsWith('Tool');
}

/**
 * A failure as a tool's answer: one plain sentence for the model, naming the arguments it filled, not the
 * editor's fields (n8n would otherwise hand it "NodeOperationError: …" and details meant for the editor).
 */
export function toolAnswer(
	context: IExecuteFunctions,
	op: Operation,
	index: number,
	error: NodeApiError | NodeOperationError,
): INodeExecutionData {
	const nothingSent = String(error.description ?? '').includes(NOTHING_SENT);
	const args = aiArguments(context.getNode().parameters);
	const sentence = inToolTerms(
		`${error.message}${nothingSent ? `. ${NOTHING_SENT}` : ''}`,
		op.fields ?? [],
		args,
	);
	const code = error.context?.errorCode;
	return {
		json: { error: sentence, ...(typeof code === 'string' ? { error_code: code } : {}) },
		pairedItem: { item: index },
	};
}
