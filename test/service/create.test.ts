import { rl, useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

describe('Service: create and update', () => {
	test('Create without a fee prices it from the customer’s price book (75% of 35 = 26.25) and is active', async () => {
		const result = await node.run(
			service('create', {
				cid: rl('1001'),
				servicetype: 2,
				service_num: '0499000111',
				start_date: '2026-11-01',
			}),
		);
		const [{ id }] = jsonOf(result);
		expect(state().services.find((s) => s.id === id)).toMatchObject({
			cid: 1001,
			monthlyfee: 26.25,
			service_status: 'active',
			start_date: '2026-11-01',
		});
	});
	test('Create for a customer without a price book uses the list price; pending when asked', async () => {
		const result = await node.run(
			service('create', {
				cid: rl('ACC-1-0002'),
				servicetype: 3,
				service_num: 'SIP-1',
				start_date: '2026-11-05T10:00:00',
				additionalFields: { service_status: 'pending' },
			}),
		);
		const [{ id }] = jsonOf(result);
		expect(state().services.find((s) => s.id === id)).toMatchObject({
			cid: 1002,
			monthlyfee: 49.5,
			service_status: 'pending',
			start_date: '2026-11-05',
		});
	});
	test('Create with an explicit monthly fee keeps it', async () => {
		const result = await node.run(
			service('create', {
				cid: rl('1003'),
				servicetype: 1,
				service_num: 'N-NEW',
				start_date: '2026-11-01',
				additionalFields: { monthlyfee: 12.34 },
			}),
		);
		expect(state().services.find((s) => s.id === jsonOf(result)[0].id)!.monthlyfee).toBe(12.34);
	});
});
