import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';
const { state, run } = useCrm();

describe('Lead', () => {
	test('an unknown lead is the platform’s error', async () => {
		expect(jsonOf(await run('lead', 'get', { lid: '999' }, { continueOnFail: true }))).toEqual([
			{ error: 'lead not found' },
		]);
	});
});

// The spec does not show the lead or timeline answers: were the platform's keys not ours, the node must
// show what came back rather than nothing.
describe('answers whose shape the spec does not show, in another shape than the simulator’s own', () => {
	beforeEach(() => {
		state().extras.add('otherShapes');
	});
	test('Lead Get outputs the whole answer when it has no `lead` key', async () => {
		const lead = state().leads[0];
		expect(jsonOf(await run('lead', 'get', { lid: String(lead.lid) }))).toEqual([
			expect.objectContaining({ success: true, lid: lead.lid, company: lead.company }),
		]);
	});
});
