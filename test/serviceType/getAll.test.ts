import { useCatalog } from '../kits/catalog';
import { jsonOf } from '../harness/nodeRunner';
const { node, state } = useCatalog();

describe('Service Type', () => {
	test('Get Many lists every service type with numbers as numbers', async () => {
		const result = await node.run({
			resource: 'serviceType',
			operation: 'getAll',
			returnAll: true,
		});
		expect(jsonOf(result).map((t) => t.esid)).toEqual(state().serviceTypes.map((t) => t.esid));
		expect(jsonOf(result)[0]).toMatchObject({
			typeofservice: 'NBN 100/20',
			list_price: 79.95,
			calls_service: 0,
		});
	});
});
