import type { IDataObject } from 'n8n-workflow';
import type { PollingTrigger } from '../harness/engine';
import { ALL_CAMPAIGN_EVENTS, summary, useTrigger } from '../kits/trigger';
const { node, bulk, audience, trigger, appendCdr } = useTrigger();

// n8n's durable scheduler (2.32+; durable cursors 2.36+) runs every poll as a task of its own: a new Workflow
// object from the committed state, activation mode 'update', the state committed after the poll and dropped
// when it throws. Every poll is therefore on a static-data object the trigger has never seen.
async function durableEvents(poller: PollingTrigger): Promise<IDataObject[]> {
	const result = await poller.durablePoll();
	return result ? result[0].map((i) => i.json) : [];
}

describe('polls on n8n’s durable scheduler', () => {
	test('the first poll records the backlog and emits none of it; later changes come once each', async () => {
		const old = bulk().create(1, 'backlog', 'x', audience(2), null);
		appendCdr('2026-11-21 08:00:00');
		const poller = trigger({ events: [...ALL_CAMPAIGN_EVENTS, 'cdrsImported'] });
		expect(await durableEvents(poller)).toEqual([]);
		const c = bulk().create(1, 'new', 'x', audience(2), null);
		bulk().drain();
		expect(summary(await durableEvents(poller))).toEqual([
			`campaignStatusChanged ${old.id} queued→completed`,
			`campaignFinished ${old.id} queued→completed`,
			`newCampaign ${c.id} null→completed`,
			`campaignFinished ${c.id} null→completed`,
		]);
		expect(await durableEvents(poller)).toEqual([]);
	});

	test('a poll that fails is an error (the execution n8n records, its backoff), not a quiet empty poll; the next poll catches up', async () => {
		const poller = trigger({ events: ['newCampaign'] });
		await durableEvents(poller);
		await durableEvents(poller);
		const c = bulk().create(1, 'while failing', 'x', audience(1), null);
		node.sim().faults.push('http500');
		await expect(poller.durablePoll()).rejects.toThrow(/^HTTP 500/);
		node.sim().faults.push('invalidKey');
		await expect(poller.durablePoll()).rejects.toThrow(/invalid key/);
		expect(summary(await durableEvents(poller))).toEqual([`newCampaign ${c.id} null→queued`]);
		expect(await durableEvents(poller)).toEqual([]);
	});

	test('poll times skipped (n8n stopped, a missed occurrence) lose nothing: the next poll emits every change once', async () => {
		const poller = trigger({ events: [...ALL_CAMPAIGN_EVENTS, 'cdrsImported'] });
		await durableEvents(poller);
		const a = bulk().create(1, 'a', 'x', audience(1), null);
		bulk().run();
		const b = bulk().create(1, 'b', 'x', audience(1), null);
		const before = node
			.sim()
			.state.cdrs.sources(1)
			.find((s) => s.source === 'demo-switch')?.latestImported;
		appendCdr('2026-11-21 09:00:00');
		appendCdr('2026-11-21 09:05:00');
		expect(summary(await durableEvents(poller)).sort()).toEqual(
			[
				`newCampaign ${a.id} null→sending`,
				`newCampaign ${b.id} null→queued`,
				`cdrsImported demo-switch ${before}→2026-11-21 09:05:00`,
			].sort(),
		);
	});
});
