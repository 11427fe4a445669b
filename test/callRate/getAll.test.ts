import { useCatalog } from '../kits/catalog';
import { jsonOf } from '../harness/nodeRunner';
const { node } = useCatalog();

describe('Call Rate Card', () => {
	test('Get Many leaves inactive cards out; Get returns the rates', async () => {
		const list = await node.run({ resource: 'callRate', operation: 'getAll', returnAll: true });
		expect(jsonOf(list)).toEqual([
			{ id: 1, name: 'Standard Business', billing_increment: 60 },
			{ id: 2, name: 'Per Second Saver', billing_increment: 1 },
		]);
		const detail = await node.run({ resource: 'callRate', operation: 'get', ctgid: 1 });
		expect(jsonOf(detail)[0]).toMatchObject({
			ctgid: 1,
			name: 'Standard Business',
			callTypes: expect.arrayContaining([
				expect.objectContaining({ ctid: 3, ratepermin: 1.2, min_cost: 0.5, max_cost: 20 }),
			]),
		});
	});
});
