import { useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

describe('Service: reads', () => {
	test('Search combines rows with AND, `like` by default', async () => {
		const result = await node.run(
			service('search', {
				criteria: {
					rows: [
						{ field: 'billing_name', value: 'mobile' },
						{ field: 'cid', operator: '>', value: '1004' },
					],
				},
			}),
		);
		const expected = state().services.filter(
			(s) => s.deptid === 1 && /mobile/i.test(s.billing_name) && s.cid > 1004,
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(jsonOf(result).map((s) => s.id)).toEqual(expected.map((s) => s.id));
		expect(node.sim().requests.length).toBe(1);
	});
	test('Only Active Services sends the magic active_services field', async () => {
		const result = await node.run(
			service('search', {
				activeOnly: true,
				criteria: { rows: [{ field: 'service_num', operator: 'like', value: 'N1' }] },
			}),
		);
		const statuses = jsonOf(result).map((s) => s.service_status);
		expect(statuses.length).toBeGreaterThan(0);
		expect(statuses).not.toContain('disconnected');
		const all = await node.run(
			service('search', { criteria: { rows: [{ field: 'service_num', value: 'N1' }] } }),
		);
		expect(jsonOf(all).map((s) => s.service_status)).toContain('disconnected');
	});
	test('Equals, chosen from the list, sends the operator =', async () => {
		const result = await node.run(
			service('search', {
				criteria: { rows: [{ field: 'id', operator: 'equals', value: '20001' }] },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((s) => s.id)).toEqual([20001]);
		expect(node.sim().requests[0].body).toEqual([{ field: 'id', operator: '=', value: '20001' }]);
	});
});
