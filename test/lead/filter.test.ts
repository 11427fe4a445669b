import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, run } = useCrm();

describe('Lead', () => {
	test('Search sends only the filters given: text contains, status exactly', async () => {
		const result = await run('lead', 'filter', {
			returnAll: true,
			filters: { company: 'dental', status: 'qualified' },
		});
		const expected = state().leads.filter(
			(l) => l.deptid === 1 && /dental/i.test(l.company) && l.status === 'qualified',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(jsonOf(result).map((l) => l.lid)).toEqual(expected.map((l) => l.lid));
	});
	test('a search without filters is refused before any request: Get Many gives every lead', async () => {
		expect((await run('lead', 'filter', { returnAll: true })).error?.message).toBe(
			'Filters (filters) needs at least one filter; use Get Many for every lead',
		);
		expect(node.sim().requests).toEqual([]);
	});
});

// The spec does not show the lead or timeline answers: were the platform's keys not ours, the node must
// show what came back rather than nothing.
describe('answers whose shape the spec does not show, in another shape than the simulator’s own', () => {
	beforeEach(() => {
		state().extras.add('otherShapes');
	});
	test('Lead Search likewise reads every page', async () => {
		const result = await run('lead', 'filter', { returnAll: true, filters: { company: 'dental' } });
		const dental = state().leads.filter(
			(l) => l.deptid === 1 && String(l.company).toLowerCase().includes('dental'),
		);
		expect(jsonOf(result).map((l) => l.lid)).toEqual(dental.map((l) => l.lid));
	});
});
