import { useCatalog } from '../kits/catalog';
import { jsonOf } from '../harness/nodeRunner';
const { node } = useCatalog();

describe('Product', () => {
	test('Get Many and Get (detail under the `products` key)', async () => {
		const list = await node.run({
			resource: 'product',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
		});
		expect(jsonOf(list)).toEqual([
			{
				pid: 1,
				title: 'Wi-Fi 6 Router',
				partnumber: 'RTR-AX3000',
				ex_tax_amount: 149,
				category_name: 'Hardware',
			},
			{
				pid: 2,
				title: 'Installation Fee',
				partnumber: 'SVC-INSTALL',
				ex_tax_amount: 99,
				category_name: 'Services',
			},
		]);
		const detail = await node.run({ resource: 'product', operation: 'get', pid: 1 });
		expect(jsonOf(detail)[0]).toMatchObject({
			pid: 1,
			inc_tax_amount: 163.9,
			taxrate: 10,
			hazmatcode: '',
		});
	});
});
