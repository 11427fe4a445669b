import type { IDataObject } from 'n8n-workflow';
import { ALL_CAMPAIGN_EVENTS, events, summary, useTrigger } from '../kits/trigger';
const { node, state, bulk, audience, trigger, appendCdr } = useTrigger();

describe('campaign events', () => {
	test('the first poll is a baseline: history is not replayed', async () => {
		bulk().create(1, 'old', 'x', audience(3), null);
		appendCdr('2026-11-20 10:00:00');
		const poller = trigger({ events: [...ALL_CAMPAIGN_EVENTS, 'cdrsImported', 'cdrsRated'] });
		expect(await events(poller)).toEqual([]);
		expect(await events(poller)).toEqual([]);
	});

	test('each change is emitted exactly once, with the previous status', async () => {
		const poller = trigger({ events: ALL_CAMPAIGN_EVENTS });
		await events(poller);
		const c = bulk().create(1, 'Hello', 'x', audience(25), null);
		expect(summary(await events(poller))).toEqual([`newCampaign ${c.id} null→queued`]);
		expect(await events(poller)).toEqual([]);
		bulk().run();
		expect(summary(await events(poller))).toEqual([`campaignStatusChanged ${c.id} queued→sending`]);
		bulk().drain();
		expect(summary(await events(poller))).toEqual([
			`campaignStatusChanged ${c.id} sending→completed`,
			`campaignFinished ${c.id} sending→completed`,
		]);
		expect(await events(poller)).toEqual([]);
	});

	test('queued to completed between two polls is one Status Changed from queued; nothing in between is invented', async () => {
		const poller = trigger({ events: ['campaignStatusChanged'] });
		const c = bulk().create(1, 'Fast', 'x', audience(5), null);
		await events(poller);
		bulk().drain();
		expect(summary(await events(poller))).toEqual([
			`campaignStatusChanged ${c.id} queued→completed`,
		]);
	});

	test('the output item: event, the campaign status record with counts, previous status, when observed', async () => {
		const poller = trigger({ events: ['campaignFinished'] });
		const c = bulk().create(1, 'Shape', 'x', audience(4), null);
		await events(poller);
		bulk().drain();
		const [item] = await events(poller);
		expect(item).toEqual({
			event: 'campaignFinished',
			observedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
			campaign: {
				id: c.id,
				subject: 'Shape',
				status: 'completed',
				scheduled_at: null,
				started_at: expect.any(String),
				ended_at: expect.any(String),
				created_at: expect.any(String),
				counts: { recipients: 4, sent: 4, pending: 0, failed: 0, cancelled: 0 },
			},
			previousStatus: 'queued',
		});
	});

	test('Only Into Statuses limits Status Changed', async () => {
		const poller = trigger({
			events: ['campaignStatusChanged'],
			statuses: ['completed', 'cancelled'],
		});
		const c = bulk().create(1, 'x', 'y', audience(25), null);
		await events(poller);
		bulk().run();
		expect(await events(poller)).toEqual([]);
		bulk().drain();
		expect(summary(await events(poller))).toEqual([
			`campaignStatusChanged ${c.id} sending→completed`,
		]);
	});

	test('a new campaign that already finished emits New Campaign and Campaign Finished', async () => {
		const poller = trigger({ events: ['newCampaign', 'campaignFinished'] });
		await events(poller);
		const c = bulk().create(1, 'x', 'y', audience(2), null);
		bulk().drain();
		expect(summary(await events(poller))).toEqual([
			`newCampaign ${c.id} null→completed`,
			`campaignFinished ${c.id} null→completed`,
		]);
	});

	test('more new campaigns than one page holds: every one is emitted, and another department’s never', async () => {
		const poller = trigger({ events: ['newCampaign'] });
		await events(poller);
		const created = Array.from({ length: 27 }, (_, i) =>
			bulk().create(1, `burst ${i}`, 'x', audience(1), null),
		);
		bulk().create(
			2,
			'theirs',
			'x',
			state()
				.customers.filter((c) => c.deptid === 2)
				.slice(0, 1),
			null,
		);
		const emitted = await events(poller);
		expect(emitted.map((e) => (e.campaign as IDataObject).id)).toEqual(created.map((c) => c.id));
	});

	test('Campaign IDs limits the campaigns watched', async () => {
		const a = bulk().create(1, 'a', 'x', audience(2), null);
		bulk().create(1, 'b', 'x', audience(2), null);
		const poller = trigger({
			events: ['campaignFinished'],
			options: { campaignIds: String(a.id) },
		});
		await events(poller);
		bulk().drain();
		expect(summary(await events(poller))).toEqual(
			[`campaignFinished ${a.id} sending→completed`].map((s) => s.replace('sending', 'queued')),
		);
	});

	test('a poll makes at most 3 requests plus one per campaign in flight off the first page; the state stays small', async () => {
		const poller = trigger({ events: [...ALL_CAMPAIGN_EVENTS, 'cdrsImported', 'cdrsRated'] });
		const old = bulk().create(1, 'old, still sending', 'x', audience(40), null);
		await events(poller);
		for (let i = 0; i < 60; i++) bulk().create(1, `done ${i}`, 'x', audience(1), null);
		bulk().drain();
		await events(poller);
		old.status = 'sending';
		old.recipients.forEach((r) => (r.state = 'pending'));
		const before = node.sim().requests.length;
		await events(poller);
		expect(node.sim().requests.length - before).toBeLessThanOrEqual(3 + 1);
		const stored = poller.staticData['node:Trigger'] as IDataObject;
		expect(JSON.stringify(stored).length).toBeLessThan(400);
	});
});
