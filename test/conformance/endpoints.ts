import { SPEC } from '../spec';
import type { Endpoint } from '../spec';

/** One documented path form: `GET /{api_key}/customer/balance/{cid}` split into its segments. */
export interface PathForm {
	method: string;
	/** As written in the spec, e.g. `/{api_key}/services/{id}/calculateETF/{date}`. */
	path: string;
	segments: string[];
	/** The spec source's entry this form is of (the form without an optional date is its entry's too). */
	entry: Endpoint;
}

const placeholder = (segment: string) => /^\{\w+\}$/.test(segment);

/** Every path form of the spec source: an entry, and its path without `{date}` where the date is optional. */
export const ENDPOINTS: PathForm[] = SPEC.flatMap((entry) => {
	const forms = [
		entry.path,
		...(entry.dateOptional ? [entry.path.replace(/\/\{date\}$/, '')] : []),
	];
	return forms.map((path) => ({
		method: entry.method,
		path,
		segments: path.split('/').slice(1),
		entry,
	}));
});

/** The documented path form a request is for, the one with most literal segments when several fit. */
export function endpointOf(method: string, url: string): PathForm | undefined {
	const segments = url.split('?')[0].split('/').slice(1);
	let best: PathForm | undefined;
	let bestLiterals = -1;
	for (const endpoint of ENDPOINTS) {
		if (endpoint.method !== method || endpoint.segments.length !== segments.length) continue;
		const fits = endpoint.segments.every((segment, i) =>
			placeholder(segment) ? segments[i] !== '' : segment === segments[i],
		);
		const literals = endpoint.segments.filter((segment) => !placeholder(segment)).length;
		if (fits && literals > bestLiterals) {
			best = endpoint;
			bestLiterals = literals;
		}
	}
	return best;
}
