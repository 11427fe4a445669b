import type { IDataObject } from 'n8n-workflow';
import { DEMO_KEY } from '../harness/nodeRunner';
import {
	ALL_CAMPAIGN_EVENTS,
	events,
	melbourneHoursAgo,
	summary,
	useTrigger,
} from '../kits/trigger';
const { node, state, bulk, audience, trigger, appendCdr } = useTrigger();

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

	test(
		'state written by version 1 (before stalls were dated) keeps working after an upgrade:' +
			' nothing spurious, then every change',
		async () => {
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
		},
	);

	test.each([
		['an HTTP 500', 'http500', /^HTTP 500 from the billing platform/],
		['invalid key', 'invalidKey', /^The platform answered "invalid key": check the API key/],
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
			// A transient failure is tried 5 times (nodes/shared/retry.ts): it must last for all of them.
			const tries = fault === 'drop' ? 5 : 1;
			for (let k = 0; k < tries; k++) node.sim().faults.push(fault as never);
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
		// A fifth of a second (the editor asks for 1 s at least; the run takes what it is given): five tries in 1 s.
		const poller = trigger({ events: ['newCampaign'], options: { timeout: 0.2 } });
		await events(poller);
		const c = bulk().create(1, 'slow', 'x', audience(1), null);
		for (let k = 0; k < 5; k++) node.sim().faults.push('hang');
		await expect(poller.poll()).rejects.toThrow(
			/did not answer within 0\.2 s \(the node's Request Timeout option\) \(tried 5 times/,
		);
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
