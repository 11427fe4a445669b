import { useCampaign } from '../kits/campaign';
import { jsonOf } from '../harness/nodeRunner';
const { node, bulk, campaign, eligible } = useCampaign();

describe('Get Many and Cancel', () => {
	test('Get Many walks pages of 20, newest first', async () => {
		node.sim().state.keys.get('demo-key-0001')!.data.bulk_email_max_daily_campaigns = 100;
		for (let i = 0; i < 23; i++) bulk().create(1, `c${i}`, 'x', eligible().slice(0, 1), null);
		const all = await node.run(campaign('getAll', { returnAll: true }));
		expect(jsonOf(all).map((c) => c.subject)).toEqual(
			Array.from({ length: 23 }, (_, i) => `c${22 - i}`),
		);
		expect(node.sim().requests.map((r) => r.url.split('/').pop())).toEqual(['1', '2']);
		const limited = await node.run(campaign('getAll', { returnAll: false, limit: 5 }));
		expect(limited.items).toHaveLength(5);
	});
});
