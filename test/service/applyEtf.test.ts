import { rl, useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state, target } = useService();

describe('Service: early termination', () => {
	test('Apply ETF adds the charge, so a second calculation shows it', async () => {
		const applied = await node.run(
			service('applyEtf', { serviceId: rl(target().id), date: '2026-03-15' }),
		);
		expect(jsonOf(applied)).toEqual([{ success: true }]);
		expect(state().serviceCharges).toEqual([
			expect.objectContaining({
				enid: target().id,
				kind: 'etf',
				inc_tax_amount: 269.78,
				charge_date: '2026-03-15',
			}),
		]);
		const again = await node.run(
			service('calculateEtf', { serviceId: rl(target().id), date: '2026-03-15' }),
		);
		expect(jsonOf(again)[0]).toMatchObject({ etf_applied: 269.78 });
	});
});
