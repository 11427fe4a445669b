import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode, INodeExecutionData, JsonObject } from 'n8n-workflow';
import type { PlatformFailure } from './envelope';
import { PlatformRequestError } from './transport';

/** The description of every refusal made before a request: the user's data did not leave n8n. */
export const NOTHING_SENT = 'Nothing was sent to the billing platform.';

/** Every spelling of a secret that can end up in a message: raw, URL-encoded, form-encoded. */
function spellings(secret: string): string[] {
	const encoded = encodeURIComponent(secret);
	return [...new Set([secret, encoded, encoded.replace(/%20/g, '+')])].sort((a, b) => b.length - a.length);
}

export function redact(text: string, secrets: string[]): string {
	let out = text;
	for (const secret of secrets) {
		// Very short values would blank ordinary words; real keys and passwords are longer.
		if (!secret || secret.length < 4) continue;
		for (const spelling of spellings(secret)) out = out.split(spelling).join('***');
	}
	return out;
}

export function platformError(node: INode, failure: PlatformFailure, itemIndex: number): NodeApiError {
	const code = failure.errorCode ? ` [${failure.errorCode}]` : '';
	const response: JsonObject = { message: failure.message };
	if (failure.errorCode) response.error_code = failure.errorCode;
	const error = new NodeApiError(node, response, {
		message: `${failure.message}${code}`,
		description: failure.errorCode
			? `The billing platform refused the request with error_code "${failure.errorCode}".`
			: 'The billing platform refused the request.',
		httpCode: failure.httpCode ?? '200',
		itemIndex,
	});
	if (failure.errorCode) error.context.errorCode = failure.errorCode;
	if (failure.httpCode) error.context.httpStatus = failure.httpCode;
	error.context.platformMessage = failure.message;
	return error;
}

function describeTransportError(error: IDataObject): PlatformFailure {
	const status = (error.httpCode ?? (error.response as IDataObject | undefined)?.status) as
		| string
		| number
		| undefined;
	const cause = (error.cause ?? error.errorResponse ?? {}) as IDataObject;
	// n8n keeps a network error's code (ECONNREFUSED, ECONNABORTED…) in httpCode; axios in code.
	const code = [error.code, cause.code, error.httpCode].find((value): value is string => typeof value === 'string' && /^E[A-Z]+$/.test(value));
	const raw = String(error.message ?? 'Request failed');
	if (status && /^\d{3}$/.test(String(status)) && String(status) !== '200') {
		return { message: `HTTP ${status} from the billing platform: ${raw}`, httpCode: String(status) };
	}
	if (code === 'ECONNREFUSED' || /ECONNREFUSED|refused the connection/.test(raw)) {
		return { message: 'Could not connect to the billing platform (connection refused): check the Base URL' };
	}
	if (code === 'ETIMEDOUT' || code === 'ECONNABORTED' || /timeout/i.test(raw)) {
		return { message: 'The billing platform did not answer in time' };
	}
	if (code === 'ECONNRESET') {
		return { message: 'The billing platform closed the connection before answering' };
	}
	return { message: `Request to the billing platform failed: ${raw}` };
}

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
	if (error instanceof NodeApiError && typeof error.context.platformMessage === 'string') {
		error.message = redact(error.message, secrets);
		return error;
	}
	if (error instanceof PlatformRequestError) {
		return platformError(node, { ...error.failure, message: redact(error.failure.message, secrets) }, itemIndex);
	}
	const failure = describeTransportError((error ?? {}) as IDataObject);
	failure.message = redact(failure.message, secrets);
	return platformError(node, failure, itemIndex);
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
