import type { IDataObject } from 'n8n-workflow';
import { DEMO_KEY } from '../helpers';
import { ALL_CAMPAIGN_EVENTS, events, melbourneHoursAgo, summary, useTrigger } from './triggerKit';

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

describe('CDR events', () => {
	test('CDRs Imported and CDRs Rated when a source’s latest date moves forward', async () => {
		state().cdrs.ratingMode = 'manual';
		const poller = trigger({ events: ['cdrsImported', 'cdrsRated'] });
		await events(poller);
		appendCdr('2026-11-21 08:00:00');
		expect(summary(await events(poller))).toEqual([
			'cdrsImported demo-switch 2026-11-01 00:00:00→2026-11-21 08:00:00',
		]);
		appendCdr('2026-11-21 07:00:00');
		expect(await events(poller)).toEqual([]);
		state().cdrs.rate();
		expect(summary(await events(poller))).toEqual([
			'cdrsRated demo-switch 2026-11-01 00:00:00→2026-11-21 08:00:00',
		]);
	});

	test('CDR Feed Stale: once per stall, again only after the feed recovered and stalled anew', async () => {
		appendCdr(melbourneHoursAgo(1));
		const poller = trigger({
			events: ['cdrFeedStale'],
			staleHours: 2,
			options: { sources: ['demo-switch'] },
		});
		await events(poller);
		const status = state()
			.cdrs.sources(1)
			.find((s) => s.source === 'demo-switch')!;
		status.latestImported = melbourneHoursAgo(3);
		const [alarm] = await events(poller);
		expect(alarm).toMatchObject({
			event: 'cdrFeedStale',
			source: 'demo-switch',
			latest_date: status.latestImported,
			staleHours: 2,
		});
		expect(await events(poller)).toEqual([]);
		appendCdr(melbourneHoursAgo(0));
		expect(await events(poller)).toEqual([]);
		status.latestImported = melbourneHoursAgo(5);
		expect(summary(await events(poller))).toHaveLength(1);
	});

	test('Sources limits the sources watched', async () => {
		const poller = trigger({ events: ['cdrsImported'], options: { sources: ['other-switch'] } });
		await events(poller);
		appendCdr('2026-11-21 09:00:00');
		expect(await events(poller)).toEqual([]);
	});
});

describe('manual mode, restart and faults', () => {
	test('manual mode returns the latest real example of each chosen event and leaves the state alone', async () => {
		const done = bulk().create(1, 'finished one', 'x', audience(2), null);
		bulk().drain();
		const newest = bulk().create(1, 'newest', 'x', audience(2), null);
		appendCdr('2026-11-21 10:00:00');
		const poller = trigger({ events: ['newCampaign', 'campaignFinished', 'cdrsImported'] });
		const examples = await events(poller, 'manual');
		expect(summary(examples)).toEqual([
			`newCampaign ${newest.id} null→queued`,
			`campaignFinished ${done.id} null→completed`,
			'cdrsImported demo-switch null→2026-11-21 10:00:00',
		]);
		expect((poller.staticData['node:Trigger'] as IDataObject | undefined)?.state).toBeUndefined();
		bulk().create(1, 'after', 'x', audience(1), null);
		expect(await events(poller)).toEqual([]);
	});

	test('a restart (state carried over, new context) emits nothing old, then carries on', async () => {
		const poller = trigger({ events: ALL_CAMPAIGN_EVENTS });
		const c = bulk().create(1, 'x', 'y', audience(3), null);
		await events(poller);
		bulk().run();
		await events(poller);
		poller.restart();
		expect(await events(poller)).toEqual([]);
		bulk().drain();
		expect(summary(await events(poller))).toEqual([
			`campaignStatusChanged ${c.id} sending→completed`,
			`campaignFinished ${c.id} sending→completed`,
		]);
	});

	test('state written by version 1 (before stalls were dated) keeps working after an upgrade: nothing spurious, then every change', async () => {
		const c = bulk().create(1, 'in flight', 'x', audience(25), null);
		bulk().run();
		const feed = state()
			.cdrs.sources(1)
			.find((s) => s.source === 'demo-switch')!;
		feed.latestImported = melbourneHoursAgo(3);
		const poller = trigger({
			events: [...ALL_CAMPAIGN_EVENTS, 'cdrsImported', 'cdrsRated', 'cdrFeedStale'],
			staleHours: 2,
			options: { sources: ['demo-switch'] },
		});
		const sources = {
			'demo-switch': { imported: feed.latestImported, rated: feed.latestRated, stale: true },
		};
		poller.restart({
			'node:Trigger': {
				state: { version: 1, maxCampaignId: c.id, inFlight: { [c.id]: 'sending' }, sources },
			},
		});
		expect(await events(poller)).toEqual([]);
		expect(await events(poller)).toEqual([]);
		bulk().drain();
		appendCdr(melbourneHoursAgo(0));
		expect(summary(await events(poller))).toEqual([
			`campaignStatusChanged ${c.id} sending→completed`,
			`campaignFinished ${c.id} sending→completed`,
			`cdrsImported demo-switch ${sources['demo-switch'].imported}→${feed.latestImported}`,
			`cdrsRated demo-switch ${sources['demo-switch'].rated}→${feed.latestRated}`,
		]);
		expect(await events(poller)).toEqual([]);
	});

	test.each([
		['an HTTP 500', 'http500', /^HTTP 500 from the billing platform/],
		['invalid key', 'invalidKey', /^invalid key/],
		['an HTTP-200 failure', { errorCode: 'capability_denied' }, /\[capability_denied\]$/],
		['a dropped connection', 'drop', /billing platform/],
	] as const)(
		'%s fails the poll clearly, leaves the state, and the next poll emits every change once',
		async (_name, fault, message) => {
			const poller = trigger({ events: [...ALL_CAMPAIGN_EVENTS, 'cdrsImported'] });
			await events(poller);
			const c = bulk().create(1, 'during outage', 'x', audience(3), null);
			appendCdr('2026-11-21 11:00:00');
			const before = poller.staticData;
			node.sim().faults.push(fault as never);
			await expect(poller.poll()).rejects.toThrow(message);
			expect(poller.staticData).toEqual(before);
			bulk().drain();
			expect(summary(await events(poller)).sort()).toEqual(
				[
					`campaignFinished ${c.id} null→completed`,
					'cdrsImported demo-switch 2026-11-01 00:00:00→2026-11-21 11:00:00',
					`newCampaign ${c.id} null→completed`,
				].sort(),
			);
			expect(await events(poller)).toEqual([]);
		},
	);

	test('a timeout fails the poll the same way', async () => {
		const poller = trigger({ events: ['newCampaign'], options: { timeout: 1 } });
		await events(poller);
		const c = bulk().create(1, 'slow', 'x', audience(1), null);
		node.sim().faults.push('hang');
		await expect(poller.poll()).rejects.toThrow(/did not answer in time/);
		expect(summary(await events(poller))).toEqual([`newCampaign ${c.id} null→queued`]);
	});

	test('the API key never shows in a poll error', async () => {
		const poller = trigger({ events: ['newCampaign'] });
		await events(poller);
		node.sim().faults.push('http500');
		const error = await poller.poll().catch((e: Error) => e);
		expect(String((error as Error).message)).not.toContain(DEMO_KEY);
		expect(String((error as Error).message)).toContain('***');
	});
});
