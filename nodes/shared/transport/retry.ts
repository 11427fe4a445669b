import type { KindedFailure } from '../platform/failure';

/**
 * How long the transport keeps trying a request that failed in a way that usually passes (a throttle, a
 * restarting server, a dropped connection). Waits grow exponentially with jitter, so many items that failed
 * together do not come back together.
 */
export interface RetryPolicy {
	/** Tries in all, the first included. */
	tries: number;
	/** The first wait; each later one doubles, up to `capMs`. */
	baseMs: number;
	capMs: number;
	/** The most time spent waiting for one request, in all: past it the last failure is reported. */
	budgetMs: number;
}

// Five tries within half a minute: enough to ride out throttling and a restart, short enough that a
// workflow whose platform is really down fails while someone is still watching.
export const NODE_RETRY: RetryPolicy = { tries: 5, baseMs: 250, capMs: 5_000, budgetMs: 30_000 };

/** Failures that say nothing about whether a write was applied, but usually pass when tried again. */
const TRANSIENT_STATUS = new Set(['429', '502', '503', '504']);

/**
 * Whether the request can be sent again after this failure. `repeatable` requests (reads, and writes the
 * platform deduplicates) after any transient failure; any other write only when it provably was not carried
 * out: the connection was refused, so nothing was sent, or the platform throttled it (429: not processed).
 */
export function mayRetry(failure: KindedFailure, repeatable: boolean): boolean {
	if (failure.neverSent) return true;
	if (failure.kind === 'http' && String(failure.httpCode) === '429') return true;
	if (!repeatable) return false;
	if (failure.kind === 'http') return TRANSIENT_STATUS.has(String(failure.httpCode));
	return ['timeout', 'closed', 'malformed'].includes(failure.kind ?? '');
}

/**
 * Whether a write that failed this way may have been carried out all the same, so its outcome is unknown and
 * a record found held after it may be its own (TryRecord.earlierMayHaveReached). The spec does not show the
 * platform's HTTP error statuses, and a gateway may answer 502, 503 or 504 after the backend stored: only a
 * 429 (throttled, nothing applied), a refusal of the request itself (400, 401, 403, 404), a connection
 * that never opened, a certificate TLS refused and a request n8n's SSRF protection kept from leaving say
 * nothing was applied.
 */
export function mayHaveApplied(failure: KindedFailure): boolean {
	if (
		failure.neverSent ||
		['refused', 'connect', 'blocked', 'certificate'].includes(failure.kind ?? '')
	)
		return false;
	return !(
		failure.kind === 'http' &&
		['400', '401', '403', '404', '429'].includes(String(failure.httpCode))
	);
}

/**
 * Whether a write that failed this way may still be under way on the platform: no answer came (the request
 * timed out, the connection closed or reset, a gateway gave up waiting with 504), so the platform may carry it
 * out after the client stopped waiting. An answered failure is over once answered.
 */
export function mayStillLand(failure: KindedFailure): boolean {
	if (failure.kind === 'http') return String(failure.httpCode) === '504';
	return ['timeout', 'closed', 'network'].includes(failure.kind ?? '');
}

/**
 * Whether a try that failed this way left n8n: anything but a connection that never opened (refused, a name
 * that did not resolve, an unreachable host) or a request n8n's SSRF protection kept back.
 */
export function leftN8n(failure: KindedFailure): boolean {
	return !(failure.neverSent || ['connect', 'blocked', 'certificate'].includes(failure.kind ?? ''));
}

/** A `Retry-After` header (seconds, or an HTTP date) as milliseconds from now. */
export function retryAfterMs(header: unknown, now = Date.now()): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before try `attempt + 1` (attempt counts from 1): half of the exponential step fixed, half random
 * ("equal jitter"), never shorter than what the platform asked for.
 */
export function backoffMs(policy: RetryPolicy, attempt: number, asked?: number): number {
	const step = Math.min(policy.capMs, policy.baseMs * 2 ** (attempt - 1));
	const jittered = step / 2 + Math.random() * (step / 2);
	return Math.round(Math.max(jittered, asked ?? 0));
}
