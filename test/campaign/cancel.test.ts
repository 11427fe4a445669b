import { useCampaign } from '../kits/campaign';
import { jsonOf } from '../harness/nodeRunner';
const { node, bulk, campaign, eligible } = useCampaign();

describe('Get Many and Cancel', () => {
	test('Cancel a queued campaign withdraws everyone; cancelling again is already_cancelled', async () => {
		const c = bulk().create(1, 'cancel me', 'x', eligible().slice(0, 5), null);
		const result = await node.run(campaign('cancel', { campaignId: String(c.id) }));
		expect(jsonOf(result)[0]).toMatchObject({
			status: 'cancelled',
			sent_count: 0,
			cancelled_count: 5,
			recipient_count: 5,
		});
		const again = await node.run(campaign('cancel', { campaignId: String(c.id) }), {
			continueOnFail: true,
		});
		expect(jsonOf(again)).toEqual([
			{ error: 'The campaign is already cancelled', error_code: 'already_cancelled' },
		]);
	});
	test('Cancel while sending: sent_count is a floor, one in-flight message may still go; counts add up', async () => {
		const c = bulk().create(1, 'in flight', 'x', eligible().slice(0, 30), null);
		bulk().run();
		bulk().run();
		const result = await node.run(campaign('cancel', { campaignId: String(c.id) }));
		expect(jsonOf(result)[0]).toMatchObject({
			sent_count: 9,
			cancelled_count: 19,
			recipient_count: 30,
		});
		bulk().run();
		const counts = bulk().counts(c);
		expect(counts).toEqual({ recipients: 30, sent: 10, pending: 0, failed: 1, cancelled: 19 });
		expect(counts.sent + counts.pending + counts.failed + counts.cancelled).toBe(counts.recipients);
	});
});
