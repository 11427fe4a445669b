import type { Operation } from '../../nodes/shared/operation/operations';

// A row that assembles its answer from several requests (answerFrom) cannot also declare the steps of a row
// answered by its own request: the loop would never run them. The type says so, so no row can.

const base = {
	value: 'x',
	name: 'X',
	action: 'Do x',
	description: 'X',
	method: 'GET' as const,
	path: '/x',
};

test('answerFrom excludes outputOf, refusalAsAnswer, beforeRequest and sendBody', () => {
	const assembled: Operation = { ...base, answerFrom: async () => ({}) };
	const own: Operation = { ...base, outputOf: (body) => body, sendBody: () => ({}) };
	// @ts-expect-error: outputOf would be skipped for an assembled answer.
	const both: Operation = {
		...base,
		answerFrom: async () => ({}),
		outputOf: (body: unknown) => body,
	};
	// @ts-expect-error: refusalAsAnswer would be skipped too.
	const refusal: Operation = {
		...base,
		answerFrom: async () => ({}),
		refusalAsAnswer: () => undefined,
	};
	expect([assembled, own, both, refusal].map((op) => typeof op.answerFrom)).toEqual([
		'function',
		'undefined',
		'function',
		'function',
	]);
});
