import { useService } from '../kits/service';
import { DEMO_KEY, jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

describe('Service: reads', () => {
	test('Get Many lists the department’s services, as service records', async () => {
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
	test('the platform’s services/get/page answers what the spec shows: service type list records', async () => {
		const response = await fetch(`${node.sim().url}/${DEMO_KEY}/services/get/page/1`);
		const body = (await response.json()) as { results: Array<Record<string, unknown>> };
		expect(Object.keys(body.results[0]).sort()).toEqual(
			[
				'esid',
				'typeofservice',
				'calls_service',
				'list_price',
				'wholesale_price',
				'reseller_price',
				'reporting_category',
				'ratecode',
			].sort(),
		);
	});
});
