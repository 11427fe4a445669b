import tsv from './endpointsTsv';

/** One documented endpoint: `GET /{api_key}/customer/balance/{cid}` split into its segments. */
export interface Endpoint {
	method: string;
	/** As written in the spec, e.g. `/{api_key}/services/{id}/calculateETF/{date}`. */
	path: string;
	segments: string[];
}

const placeholder = (segment: string) => /^\{\w+\}$/.test(segment);

function load(): Endpoint[] {
	const rows = tsv.trim().split('\n').slice(1);
	return rows.flatMap((row) => {
		const [, method, path, note = ''] = row.split('\t');
		const forms = [path];
		// "date optional (path form without it too)": the spec documents both path forms.
		if (note.startsWith('date optional')) forms.push(path.replace(/\/\{date\}$/, ''));
		return forms.map((form) => ({ method, path: form, segments: form.split('/').slice(1) }));
	});
}

export const ENDPOINTS = load();

/** The documented endpoint a request is for, the one with most literal segments when several fit. */
export function endpointOf(method: string, url: string): Endpoint | undefined {
	const segments = url.split('?')[0].split('/').slice(1);
	let best: Endpoint | undefined;
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
