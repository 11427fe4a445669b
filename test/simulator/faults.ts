import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The ways servers fail, for tests and for rehearsing a workflow against a bad day.
 *
 * One-shot faults (`sim.faults.push(...)`, `POST /__simulator/fault`) each replace the answer to one
 * request, in order:
 * | Fault            | The request gets                                                                  |
 * |------------------|-----------------------------------------------------------------------------------|
 * | `http500`        | HTTP 500, a text page echoing the path and body (the route does not run)           |
 * | `http503`        | HTTP 503, an HTML "Service Unavailable" page (the route does not run)              |
 * | `http429`        | HTTP 429 with `Retry-After` (seconds: `modes.retryAfter`, default 1)               |
 * | `html200`        | HTTP 200, text/html, a PHP "Fatal error" page (the route does not run)             |
 * | `webPage200`     | HTTP 200, a website's whole HTML page with a title: a Base URL that is not the API |
 * | `empty200`       | HTTP 200 with an empty body (the route does not run)                               |
 * | `bare200`        | HTTP 200, JSON `{"success":true}` and nothing else: none of the answer's data      |
 * | `truncated200`   | HTTP 200, application/json, the route's real answer cut in half (the route RAN)    |
 * | `failAfterWrite` | HTTP 503 after the route ran and stored: what a lost answer looks like to a client |
 * | `resetAfterWrite`| the route ran and stored, then the connection reset (ECONNRESET) before the answer  |
 * | `drop`           | the connection closed (FIN) without an answer                                      |
 * | `reset`          | the connection reset (TCP RST, the client sees ECONNRESET) without an answer       |
 * | `hang`           | no answer at all; the client's timeout ends it                                     |
 * | `landsLate`      | no answer; the route runs (and stores) only after the client gave up: at           |
 * |                  | `sim.landLate()`, or `modes.lateLandingMs` after the client closed the connection   |
 * | `invalidKey`     | the platform's "invalid key" answer                                                |
 * | `pass`           | the request untouched (queued first, it makes the next fault hit a later request)  |
 * | `{errorCode}`    | a bulk-email style failure with that code                                          |
 * A refused connection cannot be served per request; `outage` with `mode: 'refuse'` closes the port.
 *
 * Lasting modes (`sim.modes`, `startSimulator({ modes })`, `POST /__simulator/faults`, CLI flags): a
 * share of requests answered with a fault, chosen by a hash of the seed and the request (method, path,
 * body), so the same run picks the same requests whatever their order; a chosen request is faulted
 * once, and the same request sent again (a retry) passes. An outage answers every API request 503
 * (or refuses connections) until it ends. Every fault served is counted in `sim.faultLog`.
 */
export type Fault =
	| 'http500'
	| 'http503'
	| 'http429'
	| 'html200'
	| 'webPage200'
	| 'empty200'
	| 'bare200'
	| 'truncated200'
	| 'failAfterWrite'
	| 'resetAfterWrite'
	| 'drop'
	| 'reset'
	| 'hang'
	| 'landsLate'
	| 'invalidKey'
	| 'pass'
	| { errorCode: string };

export const NAMED_FAULTS = [
	'http500',
	'http503',
	'http429',
	'html200',
	'webPage200',
	'empty200',
	'bare200',
	'truncated200',
	'failAfterWrite',
	'resetAfterWrite',
	'drop',
	'reset',
	'hang',
	'landsLate',
	'invalidKey',
] as const;

export interface FaultModes {
	/** Share (0..1) of API requests answered 503 once. */
	fail503Share: number;
	/** Share answered 429 with Retry-After once. */
	fail429Share: number;
	/** Share whose connection is reset once. */
	resetShare: number;
	/** Share handled and stored, then answered 503 once (a lost answer). */
	failAfterWriteShare: number;
	/** Seconds in the Retry-After header of a 429. */
	retryAfter: number;
	/** Seed of the choice of requests: another seed, other requests. */
	seed: number;
	/** Until this time (clock().now() ms, the package's clock) every API request is answered 503, or the port is closed. */
	outageUntil: number;
	outageMode: '503' | 'refuse';
	/** Milliseconds (real time) after its client gave up that a `landsLate` write lands by itself. */
	lateLandingMs: number;
}

export function defaultModes(): FaultModes {
	return {
		fail503Share: 0,
		fail429Share: 0,
		resetShare: 0,
		failAfterWriteShare: 0,
		retryAfter: 1,
		seed: 1,
		outageUntil: 0,
		outageMode: '503',
		lateLandingMs: 2000,
	};
}

/** What a fault did, for tests to assert on: which fault, and the request it hit. */
export interface FaultEntry {
	fault: Exclude<Fault, 'pass' | { errorCode: string }> | 'errorCode' | 'outage';
	method: string;
	url: string;
	/** 'queue': a one-shot fault; 'share': chosen by a lasting mode; 'outage'. */
	by: 'queue' | 'share' | 'outage';
}

/** How many of each fault were served (`countFaults(sim.faultLog).http503`). */
export function countFaults(log: FaultEntry[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const entry of log) counts[entry.fault] = (counts[entry.fault] ?? 0) + 1;
	return counts;
}

/** FNV-1a, then scaled to [0, 1): the same seed and request always give the same number. */
function uniform(seed: number, text: string): number {
	let hash = (2166136261 ^ seed) >>> 0;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 16777619) >>> 0;
	}
	// A final mix so near-identical requests (page 1, page 2) spread over the range.
	hash ^= hash >>> 16;
	hash = Math.imul(hash, 2246822507) >>> 0;
	hash = (hash ^ (hash >>> 13)) >>> 0;
	return hash / 4294967296;
}

type Chosen = 'http503' | 'http429' | 'reset' | 'failAfterWrite';

/**
 * What tells one request's body from another's: an array (a CDR batch of hundreds of rows) by its length and
 * its first and last elements, so choosing costs the simulator little next to handling the request.
 */
function bodyPrint(body: unknown): string {
	if (body === undefined) return '';
	if (!Array.isArray(body)) return JSON.stringify(body);
	const ends = body.length ? [body[0], body[body.length - 1]] : [];
	return `${body.length}:${JSON.stringify(ends)}`;
}

/** The lasting modes' choice for one request; undefined: it passes. */
export class ShareChooser {
	private faulted = new Set<string>();

	constructor(private modes: FaultModes) {}

	/** Forgets the requests it faulted, as a new chooser would. */
	reset(): void {
		this.faulted.clear();
	}

	choose(method: string, url: string, body: unknown): Chosen | undefined {
		const m = this.modes;
		const total = m.fail503Share + m.fail429Share + m.resetShare + m.failAfterWriteShare;
		if (total <= 0) return undefined;
		const fingerprint = `${method} ${url} ${bodyPrint(body)}`;
		// The retry of a faulted request passes: the faults are transient.
		if (this.faulted.delete(fingerprint)) return undefined;
		const r = uniform(m.seed, fingerprint);
		let chosen: Chosen | undefined;
		if (r < m.fail503Share) chosen = 'http503';
		else if (r < m.fail503Share + m.fail429Share) chosen = 'http429';
		else if (r < m.fail503Share + m.fail429Share + m.resetShare) chosen = 'reset';
		else if (r < total) chosen = 'failAfterWrite';
		if (chosen) this.faulted.add(fingerprint);
		return chosen;
	}
}

const PAGE_503 =
	'<html><head><title>503 Service Unavailable</title></head><body><h1>503 Service Unavailable</h1>' +
	'<p>The server is temporarily unable to service your request.</p></body></html>';
const PAGE_429 =
	'<html><head><title>429 Too Many Requests</title></head><body><h1>429 Too Many Requests</h1></body></html>';
const PHP_FATAL =
	'<br />\n<b>Fatal error</b>:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in ' +
	'/var/www/billing/app/Database.php:42\nStack trace:\n#0 {main}\n  thrown in <b>/var/www/billing/app/' +
	'Database.php</b> on line <b>42</b><br />\n';
// What a Base URL without the API prefix gets: the company's website.
const WEB_PAGE =
	'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Demo Telco – Customer Portal</title>' +
	'</head><body><header><h1>Demo Telco</h1></header><main><p>Sign in to see your bills.</p></main></body></html>';

export function send503(reply: FastifyReply) {
	return reply.code(503).type('text/html').send(PAGE_503);
}

export function send429(reply: FastifyReply, retryAfter: number) {
	return reply.code(429).header('retry-after', String(retryAfter)).type('text/html').send(PAGE_429);
}

/** Serves a fault answered before the route runs; false when the fault is for a later stage. */
export function serveEarly(
	fault: Fault,
	request: FastifyRequest,
	reply: FastifyReply,
	modes: FaultModes,
): boolean {
	switch (fault) {
		case 'http503':
			send503(reply);
			return true;
		case 'http429':
			send429(reply, modes.retryAfter);
			return true;
		case 'html200':
			reply.code(200).type('text/html; charset=UTF-8').send(PHP_FATAL);
			return true;
		case 'webPage200':
			reply.code(200).type('text/html; charset=UTF-8').send(WEB_PAGE);
			return true;
		case 'empty200':
			// JSON announced, nothing sent: a PHP script that set its header and then died.
			reply.code(200).type('application/json').send('');
			return true;
		case 'bare200':
			// Success said, nothing given: a platform build that drops the list the spec shows.
			reply.code(200).type('application/json').send('{"success":true}');
			return true;
		// hijack(): no answer follows, and the route must not run (it would store what was sent).
		case 'drop':
			reply.hijack();
			request.raw.socket.destroy();
			return true;
		case 'reset':
			reply.hijack();
			request.raw.socket.resetAndDestroy();
			return true;
		default:
			return false;
	}
}

/** The answer that replaces the route's own for a fault served after it ran (onSend). */
export function replaceLate(fault: Fault, reply: FastifyReply, payload: unknown): unknown {
	if (fault === 'failAfterWrite') {
		reply.code(503).type('text/html');
		return PAGE_503;
	}
	if (fault === 'truncated200') {
		const text = typeof payload === 'string' ? payload : String(payload ?? '');
		reply.code(200).type('application/json');
		return text.slice(0, Math.floor(text.length / 2));
	}
	return payload;
}
