import { useCatalog } from '../kits/catalog';
import { jsonOf } from '../harness/nodeRunner';
const { node } = useCatalog();

describe('Price Book', () => {
	test('Get Many and Get', async () => {
		const list = await node.run({ resource: 'priceBook', operation: 'getAll', returnAll: true });
		expect(jsonOf(list)).toEqual([{ id: 1, name: 'Partner Pricing' }]);
		const detail = await node.run({ resource: 'priceBook', operation: 'get', priceBookId: 1 });
		expect(jsonOf(detail)[0]).toMatchObject({
			id: 1,
			name: 'Partner Pricing',
			items: expect.arrayContaining([
				expect.objectContaining({
					related_id: '2',
					related_type: 'service',
					override: '0',
					adjustment: 75,
				}),
			]),
		});
	});
});
