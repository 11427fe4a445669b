import { useCatalog } from '../kits/catalog';
import { jsonOf } from '../harness/nodeRunner';
const { node, urls } = useCatalog();

describe('Service Type', () => {
	test('Search sends every filter as a query parameter, pages of 100, partial matches', async () => {
		const result = await node.run({
			resource: 'serviceType',
			operation: 'search',
			returnAll: true,
			filters: { typeofservice: 'nbn', data_service: '1', reporting_category: 'intern' },
		});
		expect(jsonOf(result).map((t) => t.typeofservice)).toEqual(['NBN 100/20', 'NBN 50/20']);
		expect(urls()).toHaveLength(1);
		const query = Object.fromEntries(new URL(urls()[0], 'http://x').searchParams);
		expect(query).toEqual({
			typeofservice: 'nbn',
			data_service: '1',
			reporting_category: 'intern',
			page: '1',
			limit: '100',
		});
	});
	test('Search with no match gives no items (total_pages 0) after one request', async () => {
		const result = await node.run({
			resource: 'serviceType',
			operation: 'search',
			returnAll: true,
			filters: { typeofservice: 'satellite' },
		});
		expect(result.items).toEqual([]);
		expect(urls()).toHaveLength(1);
	});
	test('Search with a limit', async () => {
		const result = await node.run({
			resource: 'serviceType',
			operation: 'search',
			returnAll: false,
			limit: 2,
			filters: { calls_service: '1' },
		});
		expect(jsonOf(result).map((t) => t.esid)).toEqual([2, 3]);
	});
});
