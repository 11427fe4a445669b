import { z } from 'zod';
import { SPEC, nameOf } from '../spec/index';
import type { ObjectType, Type } from '../spec/types';
import { bodyOf, elementOf } from './requestSchemas';

/* The simulator's request schemas are the spec source's shapes: nothing is written beside them. */

/** The object a body is, or that its array holds; undefined for a body of scalars or a report's. */
function objectBody(body: Type | undefined): ObjectType | undefined {
	const element = body && typeof body === 'object' && 'array' in body ? body.array : body;
	return element && typeof element === 'object' && 'object' in element ? element : undefined;
}

test('a schema takes every field the spec source shows for its endpoint, and its unshown fields', () => {
	for (const endpoint of SPEC) {
		const shape = objectBody(endpoint.body);
		if (!shape) continue;
		expect([nameOf(endpoint), Object.keys(bodyOf(nameOf(endpoint)).shape)]).toEqual([
			nameOf(endpoint),
			[...Object.keys(shape.object), ...Object.keys(endpoint.unshown?.fields ?? {})],
		]);
	}
});

test('a field is optional unless the spec says required', () => {
	const add = bodyOf('POST /{api_key}/services/item/add');
	expect(add.safeParse({ enid: 1, pid: 2, charge_date: '2026-01-01' }).success).toBe(true);
	const missing = add.safeParse({ enid: 1, pid: 2 });
	expect(missing.success || missing.error.issues.map((i) => i.path.join('.'))).toEqual([
		'charge_date',
	]);
});

test('a decision for a field the spec does not have is refused when the simulator loads', () => {
	expect(() => bodyOf('POST /{api_key}/customer/add', { colour: z.string() })).toThrow(
		'simulator decisions for colour: not fields of POST /{api_key}/customer/add',
	);
	expect(() =>
		elementOf('POST /{api_key}/priceBooks/post', 'items', { price: z.number() }),
	).toThrow('simulator decisions for price: not fields of POST /{api_key}/priceBooks/post items');
});
