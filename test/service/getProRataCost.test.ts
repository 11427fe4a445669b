import { useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

describe('Service: cost lookups', () => {
	test('Get Pro-Rata Cost for a service starting on the date: 59.95 × 31/31 on the 1st', async () => {
		const target = state().services[0];
		const result = await node.run(
			service('getProRataCost', { service_num: target.service_num, date: target.start_date }),
		);
		expect(jsonOf(result)[0]).toMatchObject({ enid: target.id, monthly_prorata_fee: 59.95 });
	});
});
