import { useCatalog } from '../kits/catalog';
import { OFF_SPEC_HEADER } from '../conformance/guard';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, urls } = useCatalog();

describe('Call Type', () => {
	test('Get Many reads only documented paths: the call types the rate cards use, each from callType/get/{id}', async () => {
		const list = await node.run({ resource: 'callType', operation: 'getAll', returnAll: true });
		const used = [
			...new Set(
				state()
					.rateCards.filter((c) => c.deptid === 1 && c.active === 1)
					.flatMap((c) => c.callTypes.map((i) => i.ctid)),
			),
		].sort();
		expect(jsonOf(list).map((t) => t.ctid)).toEqual(used);
		expect(jsonOf(list)[0]).toEqual({
			ctid: 1,
			name: 'Local',
			internal_code: 'LOC',
			direction: 'outbound',
			priority: 10,
			application: '',
		});
		expect(urls().filter((u) => u.startsWith('/callType/get/page'))).toEqual([]);
		expect(urls()).toContain('/callType/get/3');
	});
	test('the simulator serves no callType/get/page: the spec does not document it', async () => {
		const response = await fetch(`${node.sim().url}/demo-key-0001/callType/get/page/1`, {
			headers: { [OFF_SPEC_HEADER]: 'the undocumented path, to see it is not served' },
		});
		expect(response.status).toBe(404);
	});
});
