import { events, summary, useTrigger } from '../kits/trigger';

const { node, bulk, audience, trigger } = useTrigger();

// Deactivating a workflow does not stop a poll already running: n8n keeps its old Workflow object, with the
// static data loaded before the poll, while the new activation loads what the database held then.
describe('reactivation while a poll still runs', () => {
	test("a change seen by the old activation's last poll is delivered once, by the new activation", async () => {
		const poller = trigger({ events: ['newCampaign'] });
		await events(poller);
		const c = bulk().create(1, 'during reactivation', 'x', audience(1), null);
		node.sim().latency.ms = 100;
		const oldPoll = events(poller);
		poller.restart();
		const duringOldPoll = await events(poller);
		const fromOldPoll = await oldPoll;
		node.sim().latency.ms = 0;
		const delivered = [...fromOldPoll, ...duringOldPoll, ...(await events(poller))];
		expect(summary(delivered)).toEqual([`newCampaign ${c.id} null→queued`]);
		expect(await events(poller)).toEqual([]);
	});

	test("an old activation's poll that ends before the new activation polls is kept", async () => {
		const poller = trigger({ events: ['newCampaign'] });
		await events(poller);
		const c = bulk().create(1, 'before reactivation', 'x', audience(1), null);
		expect(summary(await events(poller))).toEqual([`newCampaign ${c.id} null→queued`]);
		poller.restart();
		expect(await events(poller)).toEqual([]);
	});
});
