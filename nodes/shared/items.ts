import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { errorItem, toSafeError } from './errors';
import { platformRequest, secretsOfRequest } from './transport';
import type { RequestSettings } from './transport';

/** A request for a programmatic node: the platform's body, or a safe NodeApiError naming the item. */
export async function requestFor(
	context: IExecuteFunctions,
	options: IHttpRequestOptions,
	itemIndex: number,
	secrets: string[],
	settings?: RequestSettings,
): Promise<unknown> {
	try {
		return await platformRequest(context, options, settings);
	} catch (error) {
		throw toSafeError(context.getNode(), error, itemIndex, secrets);
	}
}

/**
 * Runs a handler once per input item, the way n8n users expect: every output item paired to its input,
 * failures stopping the node or, with Continue On Fail, becoming that item's output.
 */
export async function eachItem(
	context: IExecuteFunctions,
	handler: (itemIndex: number, secrets: string[]) => Promise<IDataObject[]>,
): Promise<INodeExecutionData[]> {
	const secrets = await secretsOfRequest(context);
	const out: INodeExecutionData[] = [];
	const items = context.getInputData();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const records = await handler(itemIndex, secrets);
			for (const json of records) out.push({ json, pairedItem: { item: itemIndex } });
		} catch (error) {
			const safe = toSafeError(context.getNode(), error, itemIndex, secrets);
			if (!context.continueOnFail()) throw safe;
			out.push(errorItem(safe, itemIndex, context.getNode().onError === 'continueErrorOutput'));
		}
	}
	return out;
}

/** Consecutive slices of at most `size` elements. */
export function chunks<T>(list: T[], size: number): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
	return out;
}
