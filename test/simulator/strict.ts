import { violationsOf } from '../conformance/guard';
import type { Extra } from './extras';

/**
 * Type strictness for every documented request body, from the spec source the conformance guard
 * reads (test/spec/): a string "5" where the spec says integer, a
 * `null` id, a word where it says 0/1 is refused the way the platform words failures, before the route
 * sees it. Unknown fields are left to the routes (a "not shown" body has no documented field at all).
 * CDR adds refuse per record in their own per-record answers (routes/cdr.ts).
 */
const PER_RECORD = new Set(['POST /{api_key}/cdr/add', 'POST /{api_key}/cdr/multiple/add']);
const OLD_SHAPE = new Set([
	'POST /{api_key}/customer/add',
	'POST /{api_key}/customer/update/{cid}',
]);

export function typeRefusal(
	request: { method: string; url: string; body?: unknown },
	extras: ReadonlySet<Extra>,
): Record<string, unknown> | undefined {
	if (extras.has('looseTypes')) return undefined;
	const problem = violationsOf(request).find(
		(v) => v.field !== '' && !v.field.startsWith('query.') && v.problem.startsWith('must be'),
	);
	if (!problem || PER_RECORD.has(problem.endpoint)) return undefined;
	const description = `${problem.field} ${problem.problem}`;
	if (OLD_SHAPE.has(problem.endpoint)) return { result: 'false', reason: description, id: 0 };
	if (problem.endpoint.includes('/customer/bulk-email'))
		return { success: false, error_code: 'invalid_request', description };
	return { success: false, description };
}
