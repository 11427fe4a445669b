import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { keepMessage } from '../errors/made';
import { isInvalidKey } from './envelope';
import type { PlatformFailure } from './envelope';
import { ssrfBlockOf, ssrfMessage } from './ssrf';
import { isCertificateCode } from './certificate';
import type { SsrfBlock } from './ssrf';

/** How a request failed: the description tells the user which, so they know what to fix. */
export type FailureKind =
	| 'refused'
	| 'http'
	| 'malformed'
	| 'baseUrl'
	| 'inconclusive'
	| 'unmatched'
	| 'unreadable'
	| 'connect'
	| 'timeout'
	| 'closed'
	| 'network'
	| 'blocked'
	| 'certificate'
	| 'earlierTry';

export type KindedFailure = PlatformFailure & {
	kind?: FailureKind;
	/** The record the request was about (`customer 1001`), named when the platform's words do not. */
	subject?: string;
	/** What had already happened when the request failed (an update saved before its read-back). */
	preface?: string;
	/** The connection was refused: nothing of the request reached the platform, so it may be sent again. */
	neverSent?: boolean;
	/** How many times the request was sent, and how long was spent waiting between tries. */
	tries?: { count: number; waitedMs: number };
	/** A write that failed in a way that leaves unknown whether the platform carried it out. */
	uncertain?: boolean;
	/**
	 * For a write whose outcome is unknown (`uncertain`): the time (the package's clock) by which it has landed if
	 * it ever will. An answered failure is over when it is answered; a write that got no answer (a timeout, a
	 * closed connection) may still be under way on the platform for a while after.
	 */
	landsBy?: number;
	/** n8n's SSRF protection refused the request (kind `blocked`): the message names the setting to change. */
	ssrf?: SsrfBlock;
	/** The time a request that timed out was given (kind `timeout`): the node's Request Timeout option. */
	timeoutSeconds?: number;
};

// The platform's not-found answers name the kind of record, never which one ("no customer found").
const TERSE = /\bnot found\b|^no [\w ]+ found$|unable to retrieve/i;

const INVALID_KEY =
	'The platform answered "invalid key": check the API key in the Telco Billing API credential and that it ' +
	'belongs to the platform at its Base URL';

/** The message shown: the platform's words, with the record they are about when they do not name it. */
function shownMessage({ message, subject, kind }: KindedFailure): string {
	if (kind === 'refused' && isInvalidKey(message)) return INVALID_KEY;
	if (!subject || kind !== 'refused' || !TERSE.test(message)) return message;
	const values = subject.split(', ').map((part) => part.slice(part.lastIndexOf(' ') + 1));
	if (values.some((value) => message.includes(value))) return message;
	// A sentence starts with a capital; a record type the platform spells in camelCase keeps its spelling.
	const sentence = /^[a-z]+\b/.test(message) && !/^[a-z]+[A-Z]/.test(message);
	const start = sentence ? message.charAt(0).toUpperCase() : message.charAt(0);
	return `${start}${message.slice(1)} (${subject})`;
}

function httpHint(status: string): string {
	if (status === '404')
		return ': check that the Base URL includes the API prefix (for example https://billing.example.com/api)';
	if (status === '401' || status === '403')
		return ': access was denied before the platform saw the request; check the Base URL';
	if (status.startsWith('5'))
		return ': the platform (or a proxy in front of it) failed while handling the request; try again later';
	return '';
}

const UNCERTAIN =
	'The request changes data and may or may not have been carried out, so it was not sent again: check on ' +
	'the platform (a Get or Search of the record) before running it again.';

/** The credential test's words for a Base URL that answers, but not as the API (`methods/credentialTest.ts`). */
export const NOT_THE_API =
	'The Base URL answered, but not like the billing platform API (a web page, an error page or another ' +
	'service): check that it is the API address including its API prefix, e.g. https://billing.example.com/api';

/**
 * A request answered by a web page on every try: the Base URL reaches a website, not the API. That is the
 * credential to fix, not a fault of the platform's to wait out.
 */
export function wrongBaseUrl(failure: KindedFailure): KindedFailure {
	return {
		...failure,
		kind: 'baseUrl',
		message:
			`The Base URL answered with a web page ("${failure.webPage ?? ''}"), not the billing platform ` +
			'API: check the Base URL in the Telco Billing API credential',
	};
}

export function descriptionOf(failure: KindedFailure): string {
	const parts = [failure.preface, whatHappened(failure), failure.uncertain ? UNCERTAIN : undefined];
	return parts.filter(Boolean).join(' ');
}

/** ` (tried 5 times over 12 s)` when the transport tried more than once. */
export function triesNote(failure: KindedFailure): string {
	const { tries } = failure;
	if (!tries || tries.count < 2) return '';
	return ` (tried ${tries.count} times over ${Math.round(tries.waitedMs / 1000)} s)`;
}

function whatHappened(failure: KindedFailure): string {
	switch (failure.kind) {
		case 'connect':
			return (
				'n8n could not connect to the billing platform: check the Base URL in the ' +
				'credential, and that the platform can be reached from n8n.'
			);
		case 'timeout':
			return failure.timeoutSeconds === undefined
				? 'The billing platform did not answer within the time allowed. It may be busy: try again later.'
				: `The billing platform did not answer within ${failure.timeoutSeconds} s, the time the node's ` +
						'Request Timeout (Seconds) option gives each request. It may be busy: try again, or allow ' +
						'more time there.';
		case 'closed':
			return (
				'The billing platform closed the connection before answering. Try again; if it ' +
				'persists, check the Base URL and any proxy in between.'
			);
		case 'network':
			return 'The request to the billing platform failed before any answer arrived.';
		case 'blocked':
			return (
				'n8n did not send the request: its SSRF protection (N8N_SSRF_PROTECTION_ENABLED) keeps workflows ' +
				'from reaching private, loopback and other internal addresses unless they are allowed, and the ' +
				'billing platform’s address is one of them. Nothing reached the platform, and every request to it ' +
				'from this n8n meets the same block until an administrator allows the address. n8n 3.0 also ' +
				'blocks carrier-grade NAT addresses (100.64.0.0/10) by default.'
			);
		case 'certificate':
			return (
				'n8n did not send the request: the TLS connection to the platform was refused because its certificate ' +
				'could not be verified. Nothing reached the platform, and every request through this credential meets ' +
				'the same refusal until the certificate is trusted or the credential’s Ignore SSL Issues is on.'
			);
		case 'earlierTry':
			return (
				'n8n ran this node again with the same input (Retry On Fail, or a failed execution retried), and ' +
				'an earlier try had already sent this item’s write, so this try did not send it again.'
			);
		case 'inconclusive':
			return (
				'Nothing was written for this item: the platform’s answers leave in doubt which record it is ' +
				'about, and the node stops rather than guess.'
			);
		case 'unmatched':
			return (
				'The billing platform answered, but its per-record results do not name each record sent ' +
				'exactly once, so which of them it carried out cannot be told.'
			);
		case 'unreadable':
			return (
				'The billing platform answered, but a value this operation must read is not in a form it reads ' +
				'(the spec promises none). Nothing was output for this item rather than a result that leaves the ' +
				'value out or guesses it: check the record on the platform.'
			);
		case 'malformed':
			return (
				'The billing platform answered, but not with the JSON this operation documents: a server that ' +
				'crashed, or a proxy in front of it, often answers like this. Nothing in the answer says the ' +
				'request was carried out; try again later.'
			);
		case 'baseUrl':
			return `${NOT_THE_API}. The credential’s Test button tells a wrong Base URL from a wrong key.`;
		case 'http':
			return `The billing platform answered HTTP ${failure.httpCode}${httpHint(String(failure.httpCode))}.`;
		default:
			if (isInvalidKey(failure.message))
				return (
					'The platform did not recognise the key this request carried as the first segment of its ' +
					'path. Open the credential, paste the department’s API token again (spaces around it do not ' +
					'matter) and use its Test button, which tells a wrong key from a wrong Base URL.'
				);
			return failure.errorCode
				? `The billing platform refused the request with error_code "${failure.errorCode}": "${failure.message}".`
				: `The billing platform refused the request: "${failure.message}".`;
	}
}

/**
 * A failed request, built only from a message already free of secrets: it carries no request, URL,
 * header or cause, so it is safe in the editor, in execution data and in n8n's log.
 */
export class PlatformRequestError extends NodeApiError {
	constructor(
		node: INode,
		readonly failure: KindedFailure,
		itemIndex?: number,
	) {
		const code = failure.errorCode ? ` [${failure.errorCode}]` : '';
		const response: JsonObject = { message: failure.message };
		if (failure.errorCode) response.error_code = failure.errorCode;
		const message = `${shownMessage(failure)}${code}${triesNote(failure)}`;
		// The editor's "Error code" line shows httpCode: the HTTP status of an HTTP error, else (as n8n's
		// NodeApiError reads it from the response) the platform's error_code; without either, no line.
		super(node, response, {
			message,
			description: descriptionOf(failure),
			httpCode: failure.httpCode,
			itemIndex,
		});
		keepMessage(this, message);
		if (failure.errorCode) this.context.errorCode = failure.errorCode;
		if (failure.httpCode) this.context.httpStatus = failure.httpCode;
		this.context.platformMessage = failure.message;
		// n8n's editor and execution log read the name to show the error as an API error.
		this.name = 'NodeApiError';
	}
}

/**
 * A refusal found while reading an answer (a failed record of an array answer, `processed: false`), before
 * any node is at hand: it becomes a PlatformRequestError on the error path (toSafeError).
 */
export class RefusedAnswer extends Error {
	readonly failure: KindedFailure;

	/**
	 * `inconclusive`: the node stops because the answers leave in doubt what to write (not the platform's
	 * refusal). `unmatched`: a write's per-record results cannot be paired with the records sent, so its
	 * outcome is unknown. `unreadable`: a value of the answer cannot be read (an amount in no known spelling).
	 */
	constructor(
		failure: PlatformFailure & Pick<KindedFailure, 'uncertain' | 'landsBy'>,
		kind: 'refused' | 'inconclusive' | 'unmatched' | 'unreadable' = 'refused',
	) {
		super(failure.message);
		this.failure = { ...failure, kind, ...(kind === 'unmatched' && { uncertain: true }) };
	}
}

/** Whether the platform refused a request with these words (or this error_code). */
export function isRefusal(
	error: unknown,
	{ message, errorCode }: { message?: string; errorCode?: string },
): boolean {
	if (!(error instanceof PlatformRequestError)) return false;
	return (
		(message === undefined || error.failure.message === message) &&
		(errorCode === undefined || error.failure.errorCode === errorCode)
	);
}

const CONNECT_CODES = [
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'EHOSTDOWN',
];
const TIMEOUT_CODES = ['ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT'];
const CLOSED_CODES = ['ECONNRESET', 'EPIPE'];

/** What an error thrown by n8n's HTTP helper (a NodeApiError around an axios error) says happened. */
export function transportFailure(error: IDataObject): KindedFailure {
	const status = (error.httpCode ?? (error.response as IDataObject | undefined)?.status) as
		| string
		| number
		| undefined;
	const cause = (error.cause ?? error.errorResponse ?? {}) as IDataObject;
	// n8n keeps a network error's code (ECONNREFUSED, ECONNABORTED…) in httpCode; axios in code.
	const code = [error.code, cause.code, error.httpCode].find(
		(value): value is string => typeof value === 'string' && /^E[A-Z_]+$/.test(value),
	);
	const raw = String(error.message ?? 'Request failed');
	// Refused by n8n before anything was sent: told apart from the network failures below, which it is not.
	const ssrf = ssrfBlockOf(error);
	if (ssrf) return { message: ssrfMessage(ssrf), kind: 'blocked', ssrf };
	// TLS refused the certificate before any request was sent; the transport names the credential's setting.
	if ([error.code, cause.code, error.httpCode].some(isCertificateCode))
		return {
			message: `The platform's HTTPS certificate is not trusted by n8n (${raw})`,
			kind: 'certificate',
		};
	if (status && /^\d{3}$/.test(String(status)) && String(status) !== '200') {
		return {
			message: `HTTP ${status} from the billing platform: ${raw}`,
			httpCode: String(status),
			kind: 'http',
		};
	}
	if ((code && CONNECT_CODES.includes(code)) || /ECONNREFUSED|refused the connection/.test(raw)) {
		const reason = code === 'ECONNREFUSED' || !code ? 'connection refused' : code;
		return {
			message: `Could not connect to the billing platform (${reason}): check the Base URL`,
			kind: 'connect',
			// Refused (or a name lookup that failed for now): the request never left n8n.
			...((reason === 'connection refused' || code === 'EAI_AGAIN') && { neverSent: true }),
		};
	}
	if ((code && TIMEOUT_CODES.includes(code)) || /timeout/i.test(raw)) {
		return { message: 'The billing platform did not answer in time', kind: 'timeout' };
	}
	if ((code && CLOSED_CODES.includes(code)) || /socket hang up/i.test(raw)) {
		return {
			message: 'The billing platform closed the connection before answering',
			kind: 'closed',
		};
	}
	return { message: `Request to the billing platform failed: ${raw}`, kind: 'network' };
}

/** A timeout, named with the time the request was given and the option that gives it. */
export function timedOutWithin(failure: KindedFailure, timeoutMs: number): KindedFailure {
	const seconds = Math.round(timeoutMs) / 1000;
	return {
		...failure,
		timeoutSeconds: seconds,
		message: `The billing platform did not answer within ${seconds} s (the node's Request Timeout option)`,
	};
}

// Bulk email's codes for a key it does not take: the key, not the item, is wrong.
const KEY_CODES = ['invalid_key', 'capability_denied'];

/**
 * A failure no item can escape: the key is refused, the Base URL answers as a website rather than the API,
 * n8n's SSRF protection blocks the Base URL's address, or the platform's certificate is not trusted. Every
 * other item would meet it too, so it fails the node, whatever Continue On Fail says, as the credential test
 * would (it is the credential, or n8n's settings, to fix, not the items).
 */
export function isNodeWide(error: unknown): boolean {
	if (!(error instanceof PlatformRequestError || error instanceof RefusedAnswer)) return false;
	const { failure } = error;
	return (
		failure.kind === 'baseUrl' ||
		failure.kind === 'blocked' ||
		failure.kind === 'certificate' ||
		(failure.kind === 'refused' && isInvalidKey(failure.message)) ||
		KEY_CODES.includes(failure.errorCode ?? '')
	);
}
