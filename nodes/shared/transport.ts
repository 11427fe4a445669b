import type {
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { loggablePath } from './apiKey';
import { findFailure } from './envelope';
import type { PlatformFailure } from './envelope';

export const CREDENTIAL_TYPE = 'telcoBillingApi';

type Context = IExecuteFunctions | IExecuteSingleFunctions | ILoadOptionsFunctions | IPollFunctions;

/** A logical failure reported by the platform (HTTP 200 with success:false and its kin, or an HTTP error). */
export class PlatformRequestError extends Error {
	constructor(readonly failure: PlatformFailure) {
		super(failure.message);
	}
}

function messageOf(body: unknown): string | undefined {
	const failure = findFailure(body);
	if (failure) return failure.message;
	if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 300);
	return undefined;
}

/**
 * Sends one request through the credential (which adds the key to the path) and returns the parsed
 * body of a successful answer. Every failure is thrown as PlatformRequestError or a transport error.
 */
export async function platformRequest(context: Context, options: IHttpRequestOptions): Promise<unknown> {
	const request: IHttpRequestOptions = {
		...options,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	if (request.method === undefined || request.method === 'GET') delete request.body;
	context.logger?.debug('Telco Billing request', { method: request.method ?? 'GET', path: loggablePath(request.url) });
	const response = (await context.helpers.httpRequestWithAuthentication.call(
		context,
		CREDENTIAL_TYPE,
		request,
	)) as IN8nHttpFullResponse;
	const status = response.statusCode;
	if (status >= 400) {
		const detail = messageOf(response.body);
		throw new PlatformRequestError({
			message: `HTTP ${status} from the billing platform${detail ? `: ${detail}` : ''}`,
			httpCode: String(status),
		});
	}
	const failure = findFailure(response.body);
	if (failure) throw new PlatformRequestError(failure);
	return response.body;
}
