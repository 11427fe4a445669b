import { useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

describe('Service: reads', () => {
	test('Get Many walks the pages; the records are services (not service types, as the spec misprints)', async () => {
		const result = await node.run(service('getAll', { returnAll: true }));
		const mine = state().services.filter((s) => s.deptid === 1);
		expect(jsonOf(result).map((s) => s.id)).toEqual(mine.map((s) => s.id));
		expect(jsonOf(result)[0]).toMatchObject({
			id: mine[0].id,
			cid: mine[0].cid,
			service_num: mine[0].service_num,
			monthlyfee: mine[0].monthlyfee,
		});
	});
	test('Get Many with a limit', async () => {
		const result = await node.run(service('getAll', { returnAll: false, limit: 3 }));
		expect(result.items).toHaveLength(3);
	});
});
