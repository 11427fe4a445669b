import type { IDataObject } from 'n8n-workflow';
import type { Operation } from './operations';
import { fillPath } from '../input/path';
import type { RequestInput } from '../input/rules';

const SAVED = 'The update was saved; reading the updated record back failed.';

/**
 * For an Update the platform answers with `{success, id}` only: once it has succeeded, the record is read
 * back with the resource's Get (same credential, same error path), and that record is the item, as
 * n8n's own nodes output the updated object. `pathOf` gives the Get's path values from the update's
 * input and answer.
 */
export function readBack(
	get: Operation,
	pathOf: (input: RequestInput, answer: IDataObject) => IDataObject,
): Pick<Operation, 'outputOf' | 'output'> {
	return {
		output: get.output,
		outputOf: async (answer, { input, request }) => {
			const url = fillPath(get.path, pathOf(input, (answer ?? {}) as IDataObject));
			// Should the read-back fail, retrying the whole update is the user's call: the error says it was made.
			return await request({ method: 'GET', url }, SAVED);
		},
	};
}
