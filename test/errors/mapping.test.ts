import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';
import { findFailure } from '../../nodes/shared/platform/envelope';
import { errorItem, toSafeError } from '../../nodes/shared/output/errors';
import { NOTHING_SENT } from '../../nodes/shared/input/rules';
import {
	descriptionOf,
	isRefusal,
	PlatformRequestError,
	RefusedAnswer,
	transportFailure,
} from '../../nodes/shared/platform/failure';

// The one error path, function by function: a platform answer in, what the user reads out.
const node: INode = {
	id: 'n1',
	name: 'Telco Billing',
	type: 'telcoBillingCustomer',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** What an HTTP-200 answer becomes: the node error and, under Continue On Fail, the output item. */
function fromAnswer(body: unknown, secrets: string[] = []) {
	const failure = findFailure(body);
	if (!failure) throw new Error('not a failure');
	const error = toSafeError(node, new RefusedAnswer(failure), 0, secrets);
	return { error, item: errorItem(error, 0, false).json };
}

describe('an HTTP-200 refusal', () => {
	test('success:false: the platform’s words, quoted in the description, no error code line', () => {
		const { error, item } = fromAnswer({ success: false, description: 'no customer found' });
		expect(error).toBeInstanceOf(PlatformRequestError);
		expect(error.message).toBe('no customer found');
		expect(error.description).toBe(
			'The billing platform refused the request: "no customer found".',
		);
		// n8n's error panel shows httpCode as "Error code": nothing to show, no line.
		expect((error as PlatformRequestError).httpCode).toBeNull();
		expect(item).toEqual({ error: 'no customer found' });
	});

	test('an error_code: in the message, the description and the item', () => {
		const { error, item } = fromAnswer({
			success: false,
			error_code: 'capability_denied',
			description: 'Bulk email not enabled',
		});
		expect(error.message).toBe('Bulk email not enabled [capability_denied]');
		expect(error.description).toBe(
			'The billing platform refused the request with error_code "capability_denied": "Bulk email not enabled".',
		);
		expect(error.context.errorCode).toBe('capability_denied');
		expect((error as PlatformRequestError).httpCode).toBe('capability_denied');
		expect(item).toEqual({ error: 'Bulk email not enabled', error_code: 'capability_denied' });
	});

	test('an error_code without words: the code is the message', () => {
		const { error, item } = fromAnswer({ success: false, error_code: 'no_recipients' });
		expect(error.message).toBe('no_recipients [no_recipients]');
		expect(item).toEqual({ error: 'no_recipients', error_code: 'no_recipients' });
	});

	test('a bare `invalid key` body', () => {
		const { error, item } = fromAnswer('invalid key');
		expect(error.message).toMatch(/^The platform answered "invalid key": check the API key/);
		expect(item).toEqual({ error: 'invalid key' });
	});

	test('a flag without a reason still fails, saying so', () => {
		expect(fromAnswer({ result: 'false', id: 0 }).item).toEqual({
			error: 'The platform reported a failure without a reason',
		});
	});

	test('a secret the platform echoes is redacted from message, description and item', () => {
		const secret = 's3cret-Pa55';
		const { error, item } = fromAnswer(
			{ success: false, description: `wrong password ${secret}` },
			[secret],
		);
		expect(JSON.stringify([error.message, error.description, item])).not.toContain(secret);
	});
});

describe('a failed request before any answer (n8n’s HTTP helper error)', () => {
	test.each([
		[
			{ message: 'connect ECONNREFUSED 127.0.0.1:1', code: 'ECONNREFUSED' },
			'Could not connect to the billing platform (connection refused): check the Base URL',
			/^n8n could not connect to the billing platform: check the Base URL/,
			null,
		],
		[
			{ message: 'timeout of 1000ms exceeded', code: 'ECONNABORTED' },
			'The billing platform did not answer in time',
			/^The billing platform did not answer within the time allowed/,
			null,
		],
		[
			{ message: 'socket hang up', code: 'ECONNRESET' },
			'The billing platform closed the connection before answering',
			/^The billing platform closed the connection before answering\. Try again/,
			null,
		],
		[
			{ message: 'Not Found', httpCode: '404' },
			'HTTP 404 from the billing platform: Not Found',
			/^The billing platform answered HTTP 404: check that the Base URL includes the API prefix/,
			'404',
		],
		[
			{ message: 'Bad Gateway', response: { status: 502 } },
			'HTTP 502 from the billing platform: Bad Gateway',
			/^The billing platform answered HTTP 502: the platform \(or a proxy in front of it\) failed/,
			'502',
		],
	])('%j', (thrown, message, description, httpCode: string | null) => {
		const error = toSafeError(node, thrown, 0, []) as PlatformRequestError;
		expect(error.message).toBe(message);
		expect(error.description).toMatch(description);
		expect(error.httpCode).toBe(httpCode);
		expect(error.context.errorCode).toBeUndefined();
	});

	test('the key in a failed request’s message is redacted', () => {
		const error = toSafeError(
			node,
			{ message: 'Not Found: /sk-live-key/customer/get/1', httpCode: '404' },
			0,
			['sk-live-key'],
		);
		expect(error.message).not.toContain('sk-live-key');
		expect(error.message).toMatch(/^HTTP 404 from the billing platform: Not Found: /);
	});

	test('descriptionOf names every kind', () => {
		expect(descriptionOf({ message: 'x', kind: 'network' })).toBe(
			'The request to the billing platform failed before any answer arrived.',
		);
		expect(descriptionOf({ message: 'x', kind: 'http', httpCode: '403' })).toBe(
			'The billing platform answered HTTP 403: access was denied before the platform saw the request; ' +
				'check the Base URL.',
		);
		expect(
			transportFailure({ message: 'getaddrinfo ENOTFOUND nowhere', code: 'ENOTFOUND' }),
		).toEqual({
			message: 'Could not connect to the billing platform (ENOTFOUND): check the Base URL',
			kind: 'connect',
		});
	});
});

describe('isRefusal', () => {
	const refused = toSafeError(
		node,
		new RefusedAnswer({ message: 'CDR ID already exists', errorCode: 'duplicate' }),
		0,
		[],
	);

	test('matches the platform’s words and code, each optional', () => {
		expect(isRefusal(refused, { message: 'CDR ID already exists' })).toBe(true);
		expect(isRefusal(refused, { errorCode: 'duplicate' })).toBe(true);
		expect(isRefusal(refused, { message: 'CDR ID already exists', errorCode: 'other' })).toBe(
			false,
		);
		expect(isRefusal(refused, { message: 'no billed call found' })).toBe(false);
	});

	test('only a platform refusal counts, not any error with the same words', () => {
		expect(
			isRefusal(new Error('CDR ID already exists'), { message: 'CDR ID already exists' }),
		).toBe(false);
	});
});

test('a refusal made before any request keeps its words, redacted, and says nothing was sent', () => {
	const refusal = new NodeOperationError(node, 'Card Number 4111111111111111 is not valid', {
		description: NOTHING_SENT,
	});
	const error = toSafeError(node, refusal, 0, ['4111111111111111']);
	expect(error).toBe(refusal);
	expect(error.message).not.toContain('4111111111111111');
	expect(error.description).toBe(NOTHING_SENT);
	expect(errorItem(error, 2, false)).toEqual({
		json: { error: error.message },
		pairedItem: { item: 2 },
	});
});
