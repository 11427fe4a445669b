import { findFailure, normalizeSuccess } from '../../nodes/shared/platform/envelope';
import { toRecords } from '../../nodes/shared/output/output';

// Every envelope the spec shows, read the way the nodes read it.
describe('findFailure', () => {
	test.each([
		[
			'success:false with description',
			{ success: false, description: 'no customer found' },
			{ message: 'no customer found' },
		],
		[
			"success:'false' as a string with message",
			{ success: 'false', message: 'unable to retrieve customer' },
			{ message: 'unable to retrieve customer' },
		],
		[
			"result:'false' with reason and id:0",
			{ result: 'false', reason: 'no customer found', id: 0 },
			{ message: 'no customer found' },
		],
		[
			'success:false with error (password reset)',
			{ success: false, error: 'Invalid or expired token' },
			{ message: 'Invalid or expired token' },
		],
		[
			'bulk email error_code',
			{ success: false, error_code: 'capability_denied', description: 'Bulk email not enabled' },
			{ message: 'Bulk email not enabled', errorCode: 'capability_denied' },
		],
		[
			'misspelt succes:false (reports)',
			{ succes: false, message: 'unknown report' },
			{ message: 'unknown report' },
		],
		['a bare invalid key body', 'invalid key', { message: 'invalid key' }],
		['invalid key without a flag', { description: 'invalid key' }, { message: 'invalid key' }],
	])('%s is a failure', (_name, body, failure) => {
		expect(findFailure(body)).toEqual(failure);
	});

	test.each([
		["result:'sucess' (customer add)", { result: 'sucess', id: '12' }],
		['succes:true (reports)', { succes: true, data: [] }],
		['success:true', { success: true, description: 'customer updated' }],
		['a page without a flag', { results: [], page_number: 1, total_pages: 0 }],
		['an array of per-record results', [{ success: false, description: 'CDR ID already exists' }]],
	])('%s is a success', (_name, body) => {
		expect(findFailure(body)).toBeUndefined();
	});
});

describe('normalizeSuccess', () => {
	test("turns result:'sucess' into success:true", () => {
		expect(normalizeSuccess({ result: 'sucess', id: '12' })).toEqual({ success: true, id: '12' });
	});
	test('turns succes into success', () => {
		expect(normalizeSuccess({ succes: true, data: [] })).toEqual({ success: true, data: [] });
	});
});

describe('toRecords on external sales answers', () => {
	test('processed:false with no failed record is still a failure: nothing was done', () => {
		expect(() => toRecords({ results: [], processed: false }, { root: 'results' })).toThrow(
			'The platform did not process the request (processed: false)',
		);
	});

	test('processed:true with successful results gives one record each', () => {
		expect(
			toRecords(
				{ results: [{ success: true, cid: '1001', iid: '80001' }], processed: true },
				{ root: 'results', numbers: ['cid', 'iid'] },
			),
		).toEqual([{ success: true, cid: 1001, iid: 80001 }]);
	});
});
