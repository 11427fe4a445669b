import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	ICredentialsDecrypted,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { loggablePath } from '../platform/apiKey';
import { findFailure, malformedAnswer, pageText } from '../platform/envelope';
import {
	PlatformRequestError,
	timedOutWithin,
	transportFailure,
	wrongBaseUrl,
} from '../platform/failure';
import type { KindedFailure } from '../platform/failure';
import { clock } from './clock';
import type { Aside } from './limiter';
import { redact } from '../platform/redact';
import { hostOf, ssrfMessage } from '../platform/ssrf';
import { untrustedCertificate } from '../platform/certificate';
import {
	backoffMs,
	leftN8n,
	mayHaveApplied,
	mayRetry,
	mayStillLand,
	NODE_RETRY,
	retryAfterMs,
} from './retry';
import { endpointFor, typedRequest } from '../platform/endpointFacts';
import type { TypeRefusal } from '../platform/endpointFacts';
import { operationError } from '../errors/made';
import { NOTHING_SENT, nothingSentFor } from '../input/rules';
import { pathText } from '../input/sentTypes';
import type { RetryPolicy } from './retry';
import type { EarlierWrites, WriteSlot } from './earlierWrites';

export { PlatformRequestError } from '../platform/failure';

export const CREDENTIAL_TYPE = 'telcoBillingApi';

/** The portal user's login, for the one endpoint that takes it (get-key). */
export const PORTAL_LOGIN_CREDENTIAL_TYPE = 'telcoBillingPortalLoginApi';

/** Each credential as the editor names it, for messages that send the user to one of its settings. */
export const CREDENTIAL_NAMES: Record<string, string> = {
	[CREDENTIAL_TYPE]: 'Telco Billing API',
	[PORTAL_LOGIN_CREDENTIAL_TYPE]: 'Telco Billing Portal Login API',
};

type Context = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

// The credential fields that hold secrets, whichever credential a request goes through.
const SECRET_CREDENTIAL_FIELDS = ['apiKey', 'password'];

// Error pages can be long: a message quotes at most this much of one, and a web page's name this much.
const MAX_MESSAGE = 360;
const MAX_PAGE_NAME = 80;

function cut(text: string, size: number): string {
	return text.length > size ? `${text.slice(0, size)}…` : text;
}

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
	/**
	 * A write that is harmless sent twice (the platform refuses a CDR it holds; an update sets the same values):
	 * then sent again after a transient failure, as a read is. Whether a request reads or writes is the spec's
	 * (platform/specFacts.ts), never this.
	 */
	repeatable?: boolean;
	/** How long to keep trying after transient failures; NODE_RETRY unless given. */
	retry?: RetryPolicy;
	/** Filled in as the request is tried (TryRecord). */
	record?: TryRecord;
	/** Runs a wait between tries outside the node run's concurrency bound (Limiter). */
	aside?: Aside;
	/** The input item the request is for, named in its error. */
	itemIndex?: number;
	/** Milliseconds the request may take: the node's Request Timeout option (requestOptions.ts). */
	timeoutMs?: number;
	/**
	 * What earlier tries of this node run wrote (n8n's Retry On Fail, a failed execution retried): a write an
	 * earlier try made is given its answer instead of being sent again (earlierWrites.ts).
	 */
	earlier?: EarlierWrites;
	/**
	 * Send the write even where an earlier try lost its answer: the caller has since seen the platform without
	 * it, after the time it would have landed by (Create or Update's create).
	 */
	resendLost?: boolean;
}

/**
 * The request's credential, read once for a node run's requests (RequestSettings.credentialData): n8n otherwise
 * reads it from its database and decrypts it for each request.
 */
export async function readCredential(
	context: IExecuteFunctions,
	type = CREDENTIAL_TYPE,
): Promise<ICredentialsDecrypted> {
	const data = await context.getCredentials(type, 0);
	const details = context.getNode().credentials?.[type];
	return { id: details?.id ?? '', name: details?.name ?? '', type, data };
}

/** The Base URL's host and port, as a certificate names them; the Base URL itself when it is not a URL. */
function addressOf(baseUrl: unknown): string {
	try {
		return new URL(String(baseUrl ?? '').trim()).host;
	} catch {
		return String(baseUrl ?? 'the Base URL');
	}
}

function messageOf(body: unknown, status: number): string | undefined {
	const failure = findFailure(body);
	if (failure) return failure.message;
	// An error page is quoted as a person would read it, not as markup, and without its status said again.
	if (typeof body !== 'string' || !body.trim()) return undefined;
	return pageText(body.trim()).replace(new RegExp(`^${status}\\b[\\s:-]*`), '') || undefined;
}

/** The request's credential data, as read for the run or from n8n; empty when it cannot be read. */
async function credentialOf(context: Context, settings: RequestSettings): Promise<IDataObject> {
	return (
		settings.credentialData?.data ??
		(await context
			.getCredentials(settings.credential ?? CREDENTIAL_TYPE)
			.catch(() => ({}) as IDataObject))
	);
}

/** The secrets of the request's credential (key, password) and the request's own, kept out of every error. */
export async function secretsOfRequest(
	context: Context,
	settings: RequestSettings = {},
): Promise<string[]> {
	const credentials = await credentialOf(context, settings);
	// Each as stored and as sent: the key goes into the path trimmed (apiKeyOf), a short one unlike its stored self.
	const stored = SECRET_CREDENTIAL_FIELDS.map((field) => credentials[field])
		.filter((value): value is string => typeof value === 'string')
		.flatMap((value) => [value, value.trim()]);
	return [...stored, ...(settings.secrets ?? [])];
}

/** The one way a request fails: secrets redacted before anything is built from the message. */
async function failed(
	context: Context,
	failure: KindedFailure,
	settings: RequestSettings,
): Promise<PlatformRequestError> {
	const secrets = await secretsOfRequest(context, settings);
	// A block by n8n's SSRF protection names the Base URL's host too: a name can be allowed by name.
	const baseUrl =
		failure.ssrf || failure.kind === 'certificate'
			? (await credentialOf(context, settings)).baseUrl
			: undefined;
	const credential = settings.credential ?? CREDENTIAL_TYPE;
	const told = failure.ssrf
		? ssrfMessage(failure.ssrf, hostOf(baseUrl))
		: failure.kind === 'certificate'
			? untrustedCertificate(addressOf(baseUrl), CREDENTIAL_NAMES[credential] ?? credential)
			: failure.message;
	// Every text the platform gave is redacted before it is cut, so a key straddling a cut cannot leave its
	// first characters behind; then cut, so a page's length cannot fill the editor.
	const message = cut(redact(told, secrets), MAX_MESSAGE);
	const webPage = failure.webPage && cut(redact(failure.webPage, secrets), MAX_PAGE_NAME);
	const errorCode = failure.errorCode && redact(failure.errorCode, secrets);
	const { preface, itemIndex } = settings;
	return new PlatformRequestError(
		context.getNode(),
		{ ...failure, message, webPage, errorCode, ...(preface && { preface }) },
		itemIndex,
	);
}

/** A request to a path the spec does not have: a mistake in the package, never sent. */
function notAnEndpoint(method: string, path: string): string {
	return `${method} ${path.split('?')[0]} is not an endpoint of the spec, so it was not sent (a mistake in the package)`;
}

/** A value the spec's type for its field cannot hold: refused naming the field, nothing sent. */
function typeRefused(context: Context, refusal: TypeRefusal, itemIndex?: number) {
	const field = pathText(refusal.path) || refusal.part;
	return operationError(context.getNode(), `${field} ${refusal.problem}`, {
		...(itemIndex !== undefined && { itemIndex }),
		description: itemIndex === undefined ? NOTHING_SENT : nothingSentFor(itemIndex),
	});
}

/** What the tries of one request came to: read by callers whose retried writes the platform deduplicates. */
export interface TryRecord {
	tries: number;
	waitedMs: number;
	/** An earlier try's outcome is unknown (retry.ts `mayHaveApplied`): a record found held may be its own. */
	earlierMayHaveReached: boolean;
	/** A try left n8n (answered, or failed after its connection opened: retry.ts `leftN8n`). */
	left?: boolean;
}

type Outcome = { body: unknown } | { failure: KindedFailure; askedMs?: number };

/** One try: the parsed body of a good answer, or what went wrong (and how long the platform asked us to wait). */
async function sendOnce(
	context: Context,
	request: IHttpRequestOptions,
	settings: RequestSettings,
): Promise<Outcome> {
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
		const failure = transportFailure((error ?? {}) as IDataObject);
		// A timeout names the time the request was given, and where it is set.
		return {
			failure:
				failure.kind === 'timeout' && request.timeout
					? timedOutWithin(failure, request.timeout)
					: failure,
		};
	}
	const failure = failureOf(response);
	if (!failure) return { body: response.body };
	return { failure, askedMs: retryAfterMs(response.headers?.['retry-after']) };
}

/**
 * Sends one request through the credential (which adds the key to the path) and returns the parsed
 * body of a successful answer. A transient failure is tried again while the request is safe to repeat
 * (RequestSettings.repeatable; a refused connection always is). Every failure, whatever its origin, is
 * thrown as a PlatformRequestError that says how many tries were made.
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
	if (settings.timeoutMs !== undefined) request.timeout = settings.timeoutMs;
	const method = request.method ?? 'GET';
	const path = loggablePath(request.url);
	const facts = endpointFor(method, request.url ?? '');
	if (!facts) throw new Error(notAnEndpoint(method, path));
	// Every field as the spec types it, or nothing sent: the last line behind each operation's own check.
	const typed = typedRequest(facts, request.body, request.qs);
	if ('problem' in typed) throw typeRefused(context, typed, settings.itemIndex);
	if (request.body !== undefined) request.body = typed.body as IDataObject;
	if (request.qs !== undefined) request.qs = typed.qs as IDataObject;
	// A read is sent again after a transient failure; a write only where its caller knows that is harmless.
	const repeatable = facts.kind === 'read' || settings.repeatable === true;
	const policy = settings.retry ?? NODE_RETRY;
	const record = settings.record ?? { tries: 0, waitedMs: 0, earlierMayHaveReached: false };
	const slot =
		repeatable || settings.itemIndex === undefined
			? undefined
			: settings.earlier?.slot(settings.itemIndex, request, baseUrlOf(settings));
	const given = slot && (await givenEarlier(context, slot, settings));
	if (given) return given.answer;
	context.logger?.debug('Telco Billing request', { method, path });
	// Tries of this call, and how many of them a whole web page answered at HTTP 200.
	let sent = 0;
	let webPages = 0;
	for (;;) {
		record.tries++;
		sent++;
		const triedAt = clock().now();
		const outcome = await sendOnce(context, request, settings);
		if ('body' in outcome || leftN8n(outcome.failure)) record.left = true;
		if ('body' in outcome) {
			slot?.answered(outcome.body);
			return outcome.body;
		}
		const { failure, askedMs } = outcome;
		if (failure.webPage && failure.httpCode === '200') webPages++;
		const wait = backoffMs(policy, record.tries, askedMs);
		const again =
			record.tries < policy.tries &&
			mayRetry(failure, repeatable) &&
			record.waitedMs + wait <= policy.budgetMs;
		if (!again) {
			// Every answer a website's page: the Base URL is wrong, whatever the platform's health.
			const told = webPages === sent ? wrongBaseUrl(failure) : failure;
			const uncertain = !repeatable && mayHaveApplied(failure);
			const landsBy = uncertain ? landingTime(failure, triedAt) : undefined;
			if (landsBy !== undefined) slot?.lost(failure.message, landsBy);
			throw await failed(
				context,
				{ ...told, tries: { count: record.tries, waitedMs: record.waitedMs }, uncertain, landsBy },
				settings,
			);
		}
		// Logged without the key: the path is the template's, the key is added by the credential.
		context.logger?.debug('Telco Billing request failed; trying again', {
			method,
			path,
			try: record.tries,
			waitMs: wait,
			reason: failure.httpCode ? `HTTP ${failure.httpCode}` : (failure.kind ?? 'failure'),
		});
		const { now, sleep } = clock();
		const slept = now();
		await (settings.aside ?? (async (run) => await run()))(async () => await sleep(wait), {
			asked: askedMs !== undefined,
		});
		record.waitedMs += now() - slept;
		if (mayHaveApplied(failure)) record.earlierMayHaveReached = true;
	}
}

// However quickly a write without an answer failed, the platform may still be at it for this long.
const LANDING_FLOOR_MS = 60_000;

/**
 * By when a write whose outcome is unknown has landed if it ever will (KindedFailure.landsBy): an answered failure
 * now; one that got no answer (a timeout, a closed connection) twice as long as its try waited from now, and at
 * least a minute, all on the package's clock.
 */
function landingTime(failure: KindedFailure, triedAt: number): number {
	const now = clock().now();
	return mayStillLand(failure) ? now + Math.max(2 * (now - triedAt), LANDING_FLOOR_MS) : now;
}

/** The Base URL a request goes to (the credential adds it): part of what a remembered write stands for. */
function baseUrlOf(settings: RequestSettings): unknown {
	return settings.credentialData?.data?.baseUrl;
}

/**
 * A write an earlier try of the node run made: its answer, given again instead of sending it; or, where that
 * try lost the answer, the failure that says so (the platform may or may not hold it), unless the caller has
 * seen since that it does not (`resendLost`).
 */
async function givenEarlier(
	context: Context,
	slot: WriteSlot,
	settings: RequestSettings,
): Promise<{ answer: unknown } | undefined> {
	const { earlier } = slot;
	if (!earlier) return undefined;
	if (earlier.to !== slot.to)
		throw await failed(
			context,
			{
				message:
					'An earlier try of this node made this item’s write to another record than it goes to now (the ' +
					'platform’s answers changed between the tries), so it was not sent again',
				kind: 'earlierTry',
				uncertain: true,
			},
			settings,
		);
	if ('answer' in earlier) {
		settings.earlier!.replayed++;
		return { answer: earlier.answer };
	}
	if (settings.resendLost) return undefined;
	throw await failed(
		context,
		{
			message: earlier.message,
			kind: 'earlierTry',
			uncertain: true,
			landsBy: earlier.landsBy,
			preface: 'The earlier try lost the write’s answer.',
		},
		settings,
	);
}

/**
 * What an answer says went wrong, or undefined for a good answer: an HTTP error status, a body that is
 * not JSON, or one of the platform's HTTP-200 refusals. Every answer the package reads is judged here.
 */
function failureOf(response: IN8nHttpFullResponse): KindedFailure | undefined {
	const status = response.statusCode;
	if (status >= 400) {
		const detail = messageOf(response.body, status);
		return {
			message: `HTTP ${status} from the billing platform${detail ? `: ${detail}` : ''}`,
			httpCode: String(status),
			kind: 'http',
		};
	}
	const malformed = malformedAnswer(response.body);
	if (malformed) return { ...malformed, httpCode: String(status), kind: 'malformed' };
	const refusal = findFailure(response.body);
	return refusal && { ...refusal, kind: 'refused' };
}
