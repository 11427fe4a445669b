import { useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

describe('Service: cost lookups', () => {
	test('Get Monthly Cost by Service Number on a date', async () => {
		const target = state().services[0];
		const result = await node.run(
			service('getMonthlyCost', { service_num: target.service_num, date: '2026-05-01' }),
		);
		expect(jsonOf(result)).toEqual([
			{
				enid: target.id,
				service_num: target.service_num,
				monthlyfee: 59.95,
				ratecode: null,
				service_type: 'NBN 100/20',
			},
		]);
	});
});
