import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { errorItem, toSafeError } from './errors';
import { platformRequest, secretsOfRequest } from '../transport/transport';
import type { RequestSettings } from '../transport/transport';
import { requestOptionsOf } from '../transport/requestOptions';

/** A request for a programmatic node: the platform's body, or a safe NodeApiError naming the item. */
export async function requestFor(
	context: IExecuteFunctions,
	options: IHttpRequestOptions,
	itemIndex: number,
	secrets: string[],
	settings?: RequestSettings,
): Promise<unknown> {
	try {
		// The node's Request Options, for every request of a programmatic node's run.
		return await platformRequest(context, options, { ...requestOptionsOf(context), ...settings });
	} catch (error) {
		throw toSafeError(context.getNode(), error, itemIndex, secrets);
	}
}

/**
 * What a failure of one input item becomes, the one way for every node: thrown (the node stops), or under
 * Continue On Fail an error item paired to that input, on the error output where the node has one.
 */
export function failureOfItem(
	context: Pick<IExecuteFunctions, 'getNode' | 'continueOnFail'>,
	error: unknown,
	itemIndex: number,
	secrets: string[],
	subject?: string,
): INodeExecutionData {
	const safe = toSafeError(context.getNode(), error, itemIndex, secrets, subject);
	if (!context.continueOnFail()) throw safe;
	return errorItem(safe, itemIndex, context.getNode().onError === 'continueErrorOutput');
}

/**
 * Runs a handler once per input item, the way n8n users expect: every output item paired to its input,
 * failures stopping the node or, with Continue On Fail, becoming that item's output.
 */
export async function eachItem(
	context: IExecuteFunctions,
	handler: (itemIndex: number, secrets: string[]) => Promise<INodeExecutionData[]>,
	settings: RequestSettings = {},
): Promise<INodeExecutionData[]> {
	const secrets = await secretsOfRequest(context, settings);
	const out: INodeExecutionData[] = [];
	const items = context.getInputData();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			for (const item of await handler(itemIndex, secrets))
				out.push({ ...item, pairedItem: { item: itemIndex } });
		} catch (error) {
			out.push(failureOfItem(context, error, itemIndex, secrets));
		}
	}
	return out;
}

/** Records as output items (paired by eachItem). */
export function asItems(records: IDataObject[]): INodeExecutionData[] {
	return records.map((json) => ({ json }));
}

/** Consecutive slices of at most `size` elements. */
export function chunks<T>(list: T[], size: number): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
	return out;
}
