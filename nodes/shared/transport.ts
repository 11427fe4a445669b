import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	ICredentialsDecrypted,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { loggablePath } from './apiKey';
import { findFailure } from './envelope';
import { PlatformRequestError, transportFailure } from './failure';
import type { KindedFailure } from './failure';
import { redact } from './redact';

export { PlatformRequestError } from './failure';

export const CREDENTIAL_TYPE = 'telcoBillingApi';

/** The portal user's login, for the one endpoint that takes it (get-key). */
export const PORTAL_LOGIN_CREDENTIAL_TYPE = 'telcoBillingPortalLoginApi';

type Context = IExecuteFunctions | IExecuteSingleFunctions | ILoadOptionsFunctions | IPollFunctions;

// The credential fields that hold secrets, whichever credential a request goes through.
const SECRET_CREDENTIAL_FIELDS = ['apiKey', 'password'];

// Error pages can be long: a message quotes at most this much of one.
const MAX_MESSAGE = 360;

export interface RequestSettings {
	/** The credential the request is sent through; the API credential unless given. */
	credential?: string;
	/** Values this request carries that must not show in its errors (reset tokens, card numbers…). */
	secrets?: string[];
	/** What had already happened if this request fails (an update saved before its read-back). */
	preface?: string;
	/**
	 * The credential, already read (`readCredential`): n8n otherwise loads and decrypts it from its
	 * database for every request, which a file of thousands of batches pays thousands of times.
	 */
	credentialData?: ICredentialsDecrypted;
}

/** The request's credential, read once for many requests (RequestSettings.credentialData). */
export async function readCredential(
	context: IExecuteFunctions,
	type = CREDENTIAL_TYPE,
): Promise<ICredentialsDecrypted> {
	const data = await context.getCredentials(type);
	const details = context.getNode().credentials?.[type];
	return { id: details?.id ?? '', name: details?.name ?? '', type, data };
}

function messageOf(body: unknown): string | undefined {
	const failure = findFailure(body);
	if (failure) return failure.message;
	if (typeof body === 'string' && body.trim()) return body.trim();
	return undefined;
}

/** The secrets of the request's credential (key, password) and the request's own, kept out of every error. */
export async function secretsOfRequest(
	context: Context,
	settings: RequestSettings = {},
): Promise<string[]> {
	const credentials =
		settings.credentialData?.data ??
		(await context
			.getCredentials(settings.credential ?? CREDENTIAL_TYPE)
			.catch(() => ({}) as IDataObject));
	const stored = SECRET_CREDENTIAL_FIELDS.map((field) => credentials[field]).filter(
		(value): value is string => typeof value === 'string',
	);
	return [...stored, ...(settings.secrets ?? [])];
}

/** The one way a request fails: secrets redacted before anything is built from the message. */
async function failed(
	context: Context,
	failure: KindedFailure,
	settings: RequestSettings,
): Promise<PlatformRequestError> {
	const secrets = await secretsOfRequest(context, settings);
	// Redacted before the cut, so a key straddling the limit cannot leave its first characters behind.
	let message = redact(failure.message, secrets);
	if (message.length > MAX_MESSAGE) message = `${message.slice(0, MAX_MESSAGE)}…`;
	const itemIndex = 'getItemIndex' in context ? context.getItemIndex() : undefined;
	const { preface } = settings;
	return new PlatformRequestError(
		context.getNode(),
		{ ...failure, message, ...(preface && { preface }) },
		itemIndex,
	);
}

/**
 * Sends one request through the credential (which adds the key to the path) and returns the parsed
 * body of a successful answer. Every failure, whatever its origin, is thrown as a PlatformRequestError.
 */
export async function platformRequest(
	context: Context,
	options: IHttpRequestOptions,
	settings: RequestSettings = {},
): Promise<unknown> {
	const request: IHttpRequestOptions = {
		...options,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	if (request.method === undefined || request.method === 'GET') delete request.body;
	context.logger?.debug('Telco Billing request', {
		method: request.method ?? 'GET',
		path: loggablePath(request.url),
	});
	let response: IN8nHttpFullResponse;
	try {
		response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			settings.credential ?? CREDENTIAL_TYPE,
			request,
			settings.credentialData ? { credentialsDecrypted: settings.credentialData } : undefined,
		)) as IN8nHttpFullResponse;
	} catch (error) {
		// n8n's error holds the request (URL with the key, headers): only what it says happened is kept.
		throw await failed(context, transportFailure((error ?? {}) as IDataObject), settings);
	}
	return await bodyOf(context, response, settings);
}

/**
 * The body of a successful answer, or the failure it describes (an HTTP error status, or one of the
 * platform's HTTP-200 refusals) thrown as a PlatformRequestError. Declarative operations read their
 * answers through it too (routing postReceive), so every answer is judged the same way.
 */
export async function bodyOf(
	context: Context,
	response: IN8nHttpFullResponse,
	settings: RequestSettings = {},
): Promise<unknown> {
	const status = response.statusCode;
	if (status >= 400) {
		const detail = messageOf(response.body);
		throw await failed(
			context,
			{
				message: `HTTP ${status} from the billing platform${detail ? `: ${detail}` : ''}`,
				httpCode: String(status),
				kind: 'http',
			},
			settings,
		);
	}
	const failure = findFailure(response.body);
	if (failure) throw await failed(context, { ...failure, kind: 'refused' }, settings);
	return response.body;
}
