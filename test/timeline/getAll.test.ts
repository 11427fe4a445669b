import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';
const { state, run } = useCrm();

describe('Timeline Entry', () => {
	test('a record that does not exist is the platform’s error', async () => {
		expect(
			jsonOf(
				await run(
					'timeline',
					'getAll',
					{ module: 'leads', recordId: '1', returnAll: true },
					{ continueOnFail: true },
				),
			),
		).toEqual([{ error: 'record not found' }]);
	});
});

// The spec does not show the lead or timeline answers: were the platform's keys not ours, the node must
// show what came back rather than nothing.
describe('answers whose shape the spec does not show, in another shape than the simulator’s own', () => {
	beforeEach(() => {
		state().extras.add('otherShapes');
	});
	test('Timeline Get Many outputs the whole answer when it has no `entries` key', async () => {
		await run('timeline', 'upsert', {
			module: 'customers',
			recordId: '1001',
			category: 'note',
			title: 'Called',
			description: 'x',
		});
		const result = await run('timeline', 'getAll', {
			module: 'customers',
			recordId: '1001',
			returnAll: true,
		});
		expect(jsonOf(result)).toEqual([
			{ success: true, timeline: [expect.objectContaining({ title: 'Called' })] },
		]);
	});
});
