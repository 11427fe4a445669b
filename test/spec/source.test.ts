import { specEndpointsTsv } from '../harness/repoFiles';
import { SPEC } from './index';
import type { ObjectType, Type } from './types';

/*
 * The spec source against the spec's own endpoint table (test/spec/api/endpoints.tsv, the repository's copy of
 * the table that comes with the spec text):
 * the same endpoints, each in its group with its note, and nothing else.
 */

const row = (e: { group: string; method: string; path: string; note: string }) =>
	[e.group, e.method, e.path, e.note].join('\t');

test('the spec source holds exactly the endpoints of the spec’s endpoint table', () => {
	const rows = specEndpointsTsv().trim().split('\n').slice(1);
	expect(SPEC.map(row).sort()).toEqual([...rows].sort());
});

test('a path with an optional date is one whose note says so, and ends with {date}', () => {
	for (const endpoint of SPEC) {
		expect([endpoint.path, Boolean(endpoint.dateOptional)]).toEqual([
			endpoint.path,
			endpoint.note.startsWith('date optional'),
		]);
		if (endpoint.dateOptional) expect(endpoint.path).toMatch(/\/\{date\}$/);
	}
});

/** Every object shape in `type`, nested ones too. */
function objectsIn(type: Type | undefined): ObjectType[] {
	if (!type || typeof type !== 'object') return [];
	if ('object' in type) return [type, ...Object.values(type.object).flatMap(objectsIn)];
	if ('array' in type) return objectsIn(type.array);
	if ('map' in type) return objectsIn(type.map);
	if ('anyOf' in type) return type.anyOf.flatMap(objectsIn);
	return [];
}

test('every required field an entry names is one of its fields', () => {
	for (const object of SPEC.flatMap((e) => [...objectsIn(e.query), ...objectsIn(e.body)]))
		for (const name of object.required ?? []) expect(Object.keys(object.object)).toContain(name);
});

test('an entry’s kind is what the spec says of it: a GET writes only where the spec says so, a POST that reads never creates', () => {
	// The spec's words for a write made by GET, and the demo reset (a GET that empties the department).
	const getWrites = SPEC.filter((e) => e.method === 'GET' && e.kind === 'write');
	for (const entry of getWrites)
		expect([
			entry.path,
			/done by GET|applies the fee/.test(entry.note) || entry.path.endsWith('/resetdb'),
		]).toEqual([entry.path, true]);
	expect(getWrites.length).toBe(4);
	// Every POST that reads: searches, filters, previews, quotes, prices, qualification and reports.
	const postReads = SPEC.filter((e) => e.method === 'POST' && e.kind === 'read').map((e) => e.path);
	for (const path of postReads)
		expect(path).toMatch(
			/search|filter|preview|calculateMultipleETF|getMultiplePrice|qualify|\/report$/,
		);
	expect(SPEC.find((e) => e.path.endsWith('/bulk-email/preview'))).toMatchObject({
		kind: 'read',
		note: 'never creates anything',
	});
});
