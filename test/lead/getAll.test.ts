import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, run } = useCrm();

describe('Lead', () => {
	test('Get Many walks pages of 20', async () => {
		const result = await run('lead', 'getAll', { returnAll: true });
		expect(jsonOf(result).map((l) => l.lid)).toEqual(
			state()
				.leads.filter((l) => l.deptid === 1)
				.map((l) => l.lid),
		);
		expect(node.sim().requests.map((r) => r.url.split('/').pop())).toEqual(['1', '2']);
	});
});

// The spec does not show the lead or timeline answers: were the platform's keys not ours, the node must
// show what came back rather than nothing.
describe('answers whose shape the spec does not show, in another shape than the simulator’s own', () => {
	beforeEach(() => {
		state().extras.add('otherShapes');
	});
	test('Lead Get Many outputs the first page whole, once, when it has no `results` key', async () => {
		const result = await run('lead', 'getAll', { returnAll: true });
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ success: true, leads: expect.any(Array) }),
		]);
		expect(node.sim().requests).toHaveLength(1);
	});
});
