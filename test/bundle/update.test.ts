import { rl, useService } from '../kits/service';
const { node, state } = useService();

describe('Service Bundle', () => {
	test('Update can clear the end date (and the other nullable fields) back to null', async () => {
		state().bundles.push({
			id: 40009,
			deptid: 1,
			cid: 1002,
			name: 'Team Pack',
			active: 1,
			date_started: '2026-01-01',
			date_ended: '2026-06-30',
			included_usage_type: 1,
			included_value: 50,
			monthly_cost: 10,
			call_types: [],
			charges: [],
		});
		const result = await node.run({
			resource: 'bundle',
			operation: 'update',
			cid: rl('1002'),
			bundleId: 40009,
			name: 'Team Pack',
			updateFields: { clear: ['date_ended', 'monthly_cost'] },
		});
		expect(result.error).toBeUndefined();
		const posts = node.sim().requests.filter((request) => request.method === 'POST');
		expect(posts[posts.length - 1].body).toEqual({
			cid: 1002,
			id: 40009,
			name: 'Team Pack',
			date_ended: null,
			monthly_cost: null,
		});
		expect(state().bundles.find((b) => b.id === 40009)).toMatchObject({
			date_ended: null,
			monthly_cost: null,
			included_value: 50,
		});
	});
	test('a field both given and cleared is refused before any request', async () => {
		const result = await node.run({
			resource: 'bundle',
			operation: 'update',
			cid: rl('1002'),
			bundleId: 40009,
			name: 'X',
			updateFields: { date_ended: '2026-07-01', clear: ['date_ended'] },
		});
		expect(result.error?.message).toBe(
			'Update Fields: Date Ended (date_ended) cannot be both given and cleared',
		);
		expect(node.sim().requests).toEqual([]);
	});
});
