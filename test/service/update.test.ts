import { rl, useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

describe('Service: create and update', () => {
	test('Update changes the status to any allowed value', async () => {
		const target = state().services[1];
		await node.run(
			service('update', {
				serviceId: rl(target.id),
				updateFields: { service_status: 'suspended', billing_name: 'Renamed' },
			}),
		);
		expect(target).toMatchObject({ service_status: 'suspended', billing_name: 'Renamed' });
	});
	test('Recalculate Monthly Fee sends monthlyfee:false and the platform reprices from the price book', async () => {
		const target = state().services.find((s) => s.cid === 1001 && s.servicetype === 1)!;
		target.monthlyfee = 99;
		const result = await node.run(
			service('update', { serviceId: rl(target.id), recalculateMonthlyFee: true }),
		);
		// The item is the service as the platform now holds it, read back with Get.
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ id: target.id, cid: 1001, monthlyfee: 59.95 }),
		]);
		expect(target.monthlyfee).toBe(59.95);
	});
	test('a service type change then a recalculation moves the fee to the new type’s price', async () => {
		const target = state().services.find((s) => s.cid === 1002)!;
		await node.run(
			service('update', {
				serviceId: rl(target.id),
				recalculateMonthlyFee: true,
				updateFields: { servicetype: 5 },
			}),
		);
		expect(target).toMatchObject({ servicetype: 5, monthlyfee: 25 });
	});
});
