import { ETF_DATE, rl, useService } from '../kits/service';
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

// The seeded service's contract runs to 1 January 2027: the fee is taken on ETF_DATE, within it (on today's date,
// a run in December 2026 or later would owe no fee, and the tests would prove nothing).

describe('Apply ETF for one service listed in several items of a run', () => {
	test('the fee is charged once; the later item says which item charged it and sends nothing', async () => {
		const id = target().id;
		const result = await node.run(
			service('applyEtf', { serviceId: '={{ $json.id }}', date: ETF_DATE }),
			{
				input: [{ id }, { id: String(id) }],
			},
		);
		expect(jsonOf(result)).toEqual([
			{ success: true },
			{
				enid: id,
				repeat: true,
				description: `Listed again: the fee for enid ${id} was applied once, by item 0`,
			},
		]);
		expect(state().serviceCharges.filter((c) => c.enid === id && c.kind === 'etf')).toHaveLength(1);
		expect(node.sim().requests.filter((r) => r.url.includes('/doETF'))).toHaveLength(1);
	});
});

test('an Apply ETF whose answer is lost after the platform charged is not sent again: the item says it may have been applied', async () => {
	node.sim().faults.push('failAfterWrite');
	const id = target().id;
	const result = await node.run(service('applyEtf', { serviceId: rl(id), date: ETF_DATE }), {
		continueOnFail: true,
	});
	expect(jsonOf(result)).toEqual([
		expect.objectContaining({ error: expect.stringMatching(/503/) }),
	]);
	expect(state().serviceCharges.filter((c) => c.enid === id && c.kind === 'etf')).toHaveLength(1);
	expect(node.sim().requests.filter((r) => r.url.includes('/doETF'))).toHaveLength(1);
});
