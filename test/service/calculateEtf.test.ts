import { rl, useService } from '../kits/service';
import { earlyTermination } from '../simulator/routes/services';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state, target } = useService();

describe('Service: early termination', () => {
	test('Calculate ETF follows the documented contract model, worked out by hand', async () => {
		const result = await node.run(
			service('calculateEtf', { serviceId: rl(target().id), date: '2026-03-15' }),
		);
		// Billed to 2026-03-31; 9 months remain to 2027-01-01: 9 × 59.95 = 539.55; ETF 50% = 269.78.
		expect(jsonOf(result)).toEqual([
			{
				success: true,
				in_contract: true,
				billed_until: '2026-03-31',
				etf_date: '2026-03-15',
				contract_end_date: '2027-01-01',
				amount_remaining: 539.55,
				etf: 269.78,
				etf_applied: 0,
			},
		]);
		expect(state().serviceCharges).toEqual([]);
		expect(node.sim().requests[0].url).toMatch(/\/services\/\d+\/calculateETF\/2026-03-15$/);
	});
	test('without a date the path has no date segment (today applies)', async () => {
		await node.run(service('calculateEtf', { serviceId: rl(target().id) }));
		expect(node.sim().requests[0].url).toMatch(/\/services\/\d+\/calculateETF$/);
	});
	test('the contract model exported by the simulator is the one the node reports', () => {
		const s = target();
		expect(earlyTermination(state(), s, '2027-02-01')).toMatchObject({
			in_contract: false,
			amount_remaining: '0.00',
			etf: '0.00',
		});
	});
});
