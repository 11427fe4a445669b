import { useCatalog } from '../kits/catalog';
import { jsonOf } from '../harness/nodeRunner';
const { node } = useCatalog();

describe('Service Type', () => {
	test('Get returns the detail record', async () => {
		const result = await node.run({ resource: 'serviceType', operation: 'get', esid: 2 });
		expect(jsonOf(result)[0]).toMatchObject({
			esid: 2,
			typeofservice: 'Mobile 20GB',
			data_service: 1,
			default_call_types: [1, 2],
			cost_price: 17.5,
		});
	});
});
