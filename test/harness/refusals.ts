import type { INodeParameters } from 'n8n-workflow';
import { jsonOf } from './nodeRunner';
import type { NodeRunner } from './nodeRunner';

export interface Refusal {
	rule: string;
	parameters: INodeParameters;
	message: string;
}

/**
 * Each input that breaks a rule of the spec is refused before any request, with a message naming the field
 * and the rule; under Continue On Fail it is an error item paired to its input, and still nothing is sent.
 * `unchanged` checks, after the refusal, that the platform's records were not touched either.
 */
export function describeRefusals(
	node: NodeRunner,
	refused: Refusal[],
	unchanged?: () => () => void,
) {
	describe.each(refused)('$rule', ({ parameters, message }) => {
		test('is refused before any request, naming the field, the rule and the item', async () => {
			const check = unchanged?.();
			const result = await node.run(parameters);
			expect(result.error?.message).toBe(message);
			expect(result.error?.description).toBe(
				'Refused at [item 0]. Nothing was sent to the billing platform.',
			);
			expect(node.sim().requests).toEqual([]);
			check?.();
		});

		test('with Continue On Fail gives a paired error item and still sends nothing', async () => {
			const result = await node.run(parameters, { continueOnFail: true });
			expect(jsonOf(result)).toEqual([{ error: message }]);
			expect(result.items[0].pairedItem).toEqual({ item: 0 });
			expect(node.sim().requests).toEqual([]);
		});
	});
}
