import type { IDataObject } from 'n8n-workflow';
import { RefusedAnswer } from '../shared/platform/failure';
import type { KindedFailure } from '../shared/platform/failure';
import type { Operation } from '../shared/operation/operations';
import { readBack } from '../shared/operation/readBack';
import { isBlank } from '../shared/input/rules';

/**
 * An Update of a record the platform creates when it does not take the id (price books, call rate cards:
 * `…/post` both creates and updates). The record read back is the one the platform answers it saved
 * (`answerKey`), never the id the node was given; a record other than the one asked for is a failure
 * naming both, since the platform then made a new record instead of updating.
 */
export function readBackSaved(
	get: Operation,
	{ param, answerKey, what }: { param: string; answerKey: string; what: string },
): Pick<Operation, 'output' | 'outputOf'> {
	const pathParam = get.path.match(/\{(\w+)\}/)![1];
	const readRecord = (id: string) => readBack(get, () => ({ [pathParam]: id }));
	return {
		output: get.output,
		outputOf: async (answer, context) => {
			const asked = String(context.input.param(param, '')).trim();
			const said = (answer as IDataObject | undefined)?.[answerKey];
			// An answer without the id (the spec promises one) leaves only the asked id to read.
			const saved = isBlank(said) ? asked : String(said).trim();
			if (saved !== asked) {
				const failure: KindedFailure = {
					message:
						`The platform saved ${what} ${saved}, not ${what} ${asked} that was asked for: it may have ` +
						`created a new one. Check both before running the update again.`,
					preface: 'The platform accepted the update.',
				};
				throw new RefusedAnswer(failure);
			}
			return await readRecord(saved).outputOf!(answer, context);
		},
	};
}
