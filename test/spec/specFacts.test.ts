import { endpointFor } from '../../nodes/shared/platform/endpointFacts';
import { SPEC_FACTS } from '../../nodes/shared/platform/specFacts';
import { ROWS } from '../harness/tables';
import { SPEC } from './index';
import { specFactsOf } from './shipped';

/*
 * The nodes' copy of the spec's facts (nodes/shared/platform/specFacts.ts, specTypes.ts: each endpoint's read or
 * write, its body and query types) is the spec source's, for every field of every endpoint: written from it by
 * `npm run generate:spec-facts`, and this fails whenever the two differ.
 */

test('the nodes’ spec facts are the spec source’s, every endpoint and every field (else: npm run generate:spec-facts)', () => {
	expect(SPEC_FACTS).toEqual(specFactsOf(SPEC));
	expect(SPEC_FACTS).toHaveLength(SPEC.length);
});

test('every path of the spec, filled in, is found as its own endpoint (an optional date with or without it)', () => {
	const fill = (path: string) =>
		path.replace(/^\/\{api_key\}/, '').replace(/\{\w+\}/g, (name) => `x${name.length}`);
	let forms = 0;
	for (const entry of SPEC) {
		const paths = [fill(entry.path)];
		if (entry.dateOptional) paths.push(fill(entry.path.replace(/\/\{date\}$/, '')));
		for (const path of paths) {
			forms++;
			expect([path, endpointFor(entry.method, path)?.path]).toEqual([
				path,
				entry.path.replace(/^\/\{api_key\}/, ''),
			]);
		}
	}
	expect(forms).toBeGreaterThan(SPEC.length);
	expect(endpointFor('GET', '/customer/nothing/here')).toBeUndefined();
	expect(endpointFor('POST', '/customer/getAll')).toBeUndefined();
});

test('every operation of every node is an endpoint of the spec, so its kind and types are the spec’s', () => {
	const unknown = ROWS.filter(({ op }) => !endpointFor(op.method, op.path)).map(
		({ node, resource, op }) => `${node} ${resource} ${op.value}: ${op.method} ${op.path}`,
	);
	expect(unknown).toEqual([]);
	expect(ROWS.length).toBeGreaterThan(60);
});
