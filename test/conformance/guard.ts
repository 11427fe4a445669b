import { answerViolationsOf } from './answers';
import { ENDPOINTS, endpointOf } from './endpoints';
import { problemsOf } from './problems';

/**
 * The conformance guard: every request the simulator receives during a test is checked against the
 * spec source (test/spec/): its endpoints, query parameters and body shapes. What departs from it, and is
 * not among the unshown fields an entry names with its reason, is kept until the test ends and then fails
 * it (setup.ts).
 */

/** A request header a test sets on a raw request it sends off-spec on purpose; its value says why. */
export const OFF_SPEC_HEADER = 'x-off-spec';

export interface Violation {
	/** `METHOD /documented/path`, or the request's own path when no documented endpoint fits. */
	endpoint: string;
	/** The field at fault (`callTypes[].name`, `query.x`, `report=name`), or '' for the path itself. */
	field: string;
	problem: string;
}

export interface Seen {
	method: string;
	url: string;
	body?: unknown;
	headers: Record<string, string | string[] | undefined>;
}

let watching = false;
const found: Violation[] = [];

/** Turned on by the test setup only: the sandbox and e2e simulators record nothing. */
export function watch(): void {
	watching = true;
}

export function isWatching(): boolean {
	return watching;
}

const isEmptyBody = (body: unknown) =>
	body === undefined ||
	body === null ||
	body === '' ||
	(typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);

/** How a request departs from the spec: unknown path, undocumented query or body field, wrong type. */
export function violationsOf(request: Pick<Seen, 'method' | 'url' | 'body'>): Violation[] {
	const endpoint = endpointOf(request.method, request.url);
	const path = request.url.split('?')[0];
	if (!endpoint)
		return [
			{
				endpoint: `${request.method} ${path.replace(/^\/[^/]+/, '/{api_key}')}`,
				field: '',
				problem: 'is not an endpoint of the spec',
			},
		];
	const name = `${endpoint.method} ${endpoint.path}`;
	const documented = endpoint.entry;
	const out: Violation[] = [];
	for (const key of new URL(request.url, 'http://simulator').searchParams.keys()) {
		if (!documented.query?.object[key])
			out.push({
				endpoint: name,
				field: `query.${key}`,
				problem: 'is not a query parameter the spec documents',
			});
	}
	if (documented.body) {
		// No body at all is an empty one: the spec documents the platform's answer to empty data.
		out.push(
			...problemsOf(documented.body, request.body ?? {}, '').map((p) => ({ endpoint: name, ...p })),
		);
	} else if (!isEmptyBody(request.body)) {
		out.push({
			endpoint: name,
			field: 'body',
			problem: 'is sent where the spec documents no body',
		});
	}
	return out;
}

/** Whether the violation is a field the spec leaves unshown that its entry names, with its reason. */
export function allowed(violation: Violation): boolean {
	const form = ENDPOINTS.find((e) => `${e.method} ${e.path}` === violation.endpoint);
	const fields = form?.entry.unshown?.fields ?? {};
	return Object.prototype.hasOwnProperty.call(fields, violation.field);
}

/** Called by the simulator for each request once its body is parsed. */
export function inspect(request: Seen): void {
	if (!watching || request.headers[OFF_SPEC_HEADER]) return;
	found.push(...violationsOf(request).filter((violation) => !allowed(violation)));
}

/** Called by the simulator for each success answer it sends, its JSON text. */
export function inspectAnswer(request: Seen, payload: string): void {
	if (!watching || request.headers[OFF_SPEC_HEADER]) return;
	let answer: unknown;
	try {
		answer = JSON.parse(payload);
	} catch {
		return;
	}
	found.push(...answerViolationsOf(request, answer));
}

/** The violations recorded since the last call, cleared. */
export function takeViolations(): Violation[] {
	return found.splice(0);
}
