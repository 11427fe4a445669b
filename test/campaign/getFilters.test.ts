import { useCampaign } from '../kits/campaign';
import { jsonOf } from '../harness/nodeRunner';
const { node, campaign } = useCampaign();

describe('Get Filter Fields and Preview', () => {
	test('filter fields come from the platform, Account State with its blank Normal option', async () => {
		const result = await node.run(campaign('getFilters'));
		const fields = jsonOf(result);
		expect(fields.map((f) => f.key)).toEqual([
			'suburb',
			'street',
			'billinggroup',
			'account_state',
			'billingcycle',
			'business_type',
			'account_manager',
			'reseller_cid',
			'paymethod',
		]);
		expect(fields.find((f) => f.key === 'account_state')).toMatchObject({
			type: 'select',
			options: [
				{ key: '', label: 'Normal' },
				{ key: 'Suspended', label: 'Suspended' },
				{ key: 'Disconnected', label: 'Disconnected' },
			],
		});
	});
});

test('each filter field carries the joins the platform allows (the answer’s joins are not dropped)', async () => {
	const result = await node.run(campaign('getFilters'));
	expect(jsonOf(result).length).toBeGreaterThan(0);
	for (const field of jsonOf(result)) expect(field.joins).toEqual(['AND', 'OR']);
});
