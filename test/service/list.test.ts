import { useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

test('Get Page Listing walks services/get/page and outputs its records as the platform answers them', async () => {
	const result = await node.run(service('list', { returnAll: true }));
	const pages = node.sim().requests.map((r) => r.url.replace(/^\/[^/]+/, ''));
	expect(pages[0]).toBe('/services/get/page/1');
	// Spec 4.3.0: the listing answers service type list records.
	expect(jsonOf(result).map((r) => r.esid)).toEqual(state().serviceTypes.map((t) => t.esid));
	expect(typeof jsonOf(result)[0].list_price).toBe('number');
});
