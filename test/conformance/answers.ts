import { ANSWERS_BEYOND_SPEC } from '../simulator/answersBeyondSpec';
import { endpointOf } from './endpoints';
import type { Violation } from './guard';

/** A key as the spec source writes it: `preview?` may be absent, `succes|success` is either spelling. */
const spellings = (key: string) => key.replace(/\?$/, '').split('|');

/**
 * How an answer of the simulator departs from the answer its spec entry shows (test/spec/): a success answer
 * lacking a key the spec shows, or carrying a top-level key it does not (but for the simulator's own, listed
 * with why in answersBeyondSpec.ts). Refusals and answers the spec does not show are not compared.
 */
export function answerViolationsOf(
	request: { method: string; url: string },
	answer: unknown,
): Violation[] {
	const form = endpointOf(request.method, request.url);
	if (!form) return [];
	const shown = form.entry.answer;
	const name = `${form.method} ${form.path}`;
	if ('notShown' in shown) return [];
	const records = 'array' in shown ? (Array.isArray(answer) ? answer : undefined) : [answer];
	if (!records)
		return [{ endpoint: name, field: 'answer', problem: 'is not the array the spec shows' }];
	const keys = 'array' in shown ? shown.array : shown.keys;
	if (keys === 'records') return [];
	const beyond = ANSWERS_BEYOND_SPEC[`${form.entry.method} ${form.entry.path}`]?.keys ?? [];
	const known = [...keys.flatMap(spellings), ...beyond];
	return records.flatMap((record) => {
		if (!record || typeof record !== 'object' || Array.isArray(record))
			return [{ endpoint: name, field: 'answer', problem: 'is not an object' }];
		// A per-record refusal in an array answer has the failure's shape.
		if ([false, 'false'].includes((record as Record<string, unknown>).success as string)) return [];
		const own = Object.keys(record);
		return [
			...keys
				.filter((key) => !key.endsWith('?') && !spellings(key).some((k) => own.includes(k)))
				.map((key) => ({ endpoint: name, field: `answer.${key}`, problem: 'is missing' })),
			...own
				.filter((key) => !known.includes(key))
				.map((key) => ({
					endpoint: name,
					field: `answer.${key}`,
					problem: 'is not shown by the spec',
				})),
		];
	});
}
