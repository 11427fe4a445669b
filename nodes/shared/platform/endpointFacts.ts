import { sentAs } from '../input/sentTypes';
import type { SentPath } from '../input/sentTypes';
import { PORTAL_LOGIN_PATH } from './apiKey';
import { SPEC_FACTS } from './specFacts';
import type { EndpointFacts } from './specFacts';

export type { EndpointFacts } from './specFacts';

interface Form {
	facts: EndpointFacts;
	segments: string[];
	literals: number;
}

const isPlaceholder = (segment: string) => /^\{\w+\??\}$/.test(segment);

function formOf(facts: EndpointFacts, path: string): Form {
	const segments = path.split('/').slice(1);
	return { facts, segments, literals: segments.filter((s) => !isPlaceholder(s)).length };
}

// Every path form: an endpoint, and its path without `{date}` where the date is optional.
const FORMS: Form[] = SPEC_FACTS.flatMap((facts) => [
	formOf(facts, facts.path),
	...(facts.dateOptional ? [formOf(facts, facts.path.replace(/\/\{date\}$/, ''))] : []),
]);

const LOGIN = SPEC_FACTS.find((facts) => facts.path.startsWith(`${PORTAL_LOGIN_PATH}/`));

/**
 * The spec's endpoint a request goes to: `url` is its path after the key, filled (`/customer/balance/1001`) or a
 * row's template (`/services/{serviceId}/doETF/{date?}`, an optional segment left out), a query after `?` ignored.
 * Where several forms fit, the one with the most fixed segments (`/leads/add` before `/leads/{lid}`). Undefined
 * for a path the spec does not have.
 */
export function endpointFor(method: string, url: string): EndpointFacts | undefined {
	const path = url.split('?')[0];
	// The portal login's username and password are added by its credential, after this is asked.
	if (method === 'GET' && path === PORTAL_LOGIN_PATH) return LOGIN;
	const segments = path
		.split('/')
		.slice(1)
		.filter((segment) => !/^\{\w+\?\}$/.test(segment));
	let best: Form | undefined;
	for (const form of FORMS) {
		if (form.facts.method !== method || form.segments.length !== segments.length) continue;
		const fits = form.segments.every((segment, at) =>
			isPlaceholder(segment) ? segments[at] !== '' : segment === segments[at],
		);
		if (fits && (!best || form.literals > best.literals)) best = form;
	}
	return best?.facts;
}

/**
 * Whether a request reads or writes, as the spec says of its endpoint (SPEC_FACTS): never judged by its method.
 * A request to a path the spec does not have is a mistake in the package, thrown before anything is sent.
 */
export function requestKind(method: string, url: string): 'read' | 'write' {
	const facts = endpointFor(method, url);
	if (!facts)
		throw new Error(
			`${method} ${url.split('?')[0]} is not an endpoint of the spec: nothing was sent (a mistake in the package)`,
		);
	return facts.kind;
}

/** A body or query value the spec's type cannot hold: where (`body`, `query`, then the path within) and why. */
export interface TypeRefusal {
	part: 'body' | 'query';
	path: SentPath;
	problem: string;
}

/** Bodies already written as bytes or text (Import File's batches) were typed value by value as they were written. */
const written = (body: unknown) => typeof body === 'string' || body instanceof Uint8Array;

/**
 * The body and query of a request to `facts` as the spec types each field (input/sentTypes.ts), or the first value
 * it cannot hold exactly. A body the endpoint does not type, or one already written as bytes, is left as it is.
 */
export function typedRequest(
	facts: EndpointFacts,
	body: unknown,
	qs: unknown,
): { body: unknown; qs: unknown } | TypeRefusal {
	let sent = body;
	if (facts.body && body !== undefined && !written(body)) {
		const read = sentAs(facts.body, body);
		if (!('value' in read)) return { part: 'body', ...read };
		sent = read.value;
	}
	let query = qs;
	if (facts.query && qs && typeof qs === 'object') {
		const read = sentAs({ object: facts.query }, qs);
		if (!('value' in read)) return { part: 'query', ...read };
		query = read.value;
	}
	return { body: sent, qs: query };
}
