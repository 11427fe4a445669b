import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';
import { PlatformRequestError, transportFailure } from './failure';
import { redact } from './redact';

/** The description of every refusal made before a request: the user's data did not leave n8n. */
export const NOTHING_SENT = 'Nothing was sent to the billing platform.';

/**
 * Turns anything thrown while calling the platform into an error safe to show and store:
 * built afresh from the message alone, so no request URL, header or cause travels with it.
 */
export function toSafeError(
	node: INode,
	error: unknown,
	itemIndex: number,
	secrets: string[],
): NodeApiError | NodeOperationError {
	if (error instanceof NodeOperationError) {
		error.message = redact(error.message, secrets);
		return error;
	}
	if (error instanceof PlatformRequestError) {
		return new PlatformRequestError(node, { ...error.failure, message: redact(error.failure.message, secrets) }, itemIndex);
	}
	if (error instanceof NodeApiError && typeof error.context.platformMessage === 'string') {
		error.message = redact(error.message, secrets);
		return error;
	}
	const failure = transportFailure((error ?? {}) as IDataObject);
	return new PlatformRequestError(node, { ...failure, message: redact(failure.message, secrets) }, itemIndex);
}

/**
 * The output item Continue On Fail gives: the platform's words and code, paired to the input item.
 * The engine rewrites the json of any item carrying `error` to `{ error: message }`, which would drop
 * error_code; so the error object rides along only where the node routes failures to its error output.
 */
export function errorItem(
	error: NodeApiError | NodeOperationError,
	itemIndex: number,
	toErrorOutput: boolean,
): INodeExecutionData {
	const platformMessage = error.context?.platformMessage;
	const json: IDataObject = { error: typeof platformMessage === 'string' ? platformMessage : error.message };
	const code = error.context?.errorCode;
	if (typeof code === 'string') json.error_code = code;
	const status = error.context?.httpStatus;
	if (typeof status === 'string') json.httpCode = status;
	return toErrorOutput ? { json, error, pairedItem: { item: itemIndex } } : { json, pairedItem: { item: itemIndex } };
}
