import { events, summary, useTrigger } from './triggerKit';

const { node, state, bulk, audience, trigger, appendCdr } = useTrigger();

// n8n starts the next poll even while the previous one of the same workflow still runs, and both share the
// Workflow object and its static data: a slow platform makes polls overlap.
describe('overlapping polls', () => {
	test('two polls overlapping on a slow platform deliver each change once, and later changes still come', async () => {
		state().cdrs.ratingMode = 'manual';
		const poller = trigger({ events: ['newCampaign', 'cdrsImported', 'cdrsRated'] });
		await events(poller);
		const c = bulk().create(1, 'during a slow poll', 'x', audience(2), null);
		appendCdr('2026-11-21 08:00:00');
		state().cdrs.rate();
		node.sim().latency.ms = 100;
		const both = await Promise.all([events(poller), events(poller)]);
		expect(summary(both.flat()).sort()).toEqual([
			'cdrsImported demo-switch 2026-11-01 00:00:00→2026-11-21 08:00:00',
			'cdrsRated demo-switch 2026-11-01 00:00:00→2026-11-21 08:00:00',
			`newCampaign ${c.id} null→queued`,
		]);
		node.sim().latency.ms = 0;
		expect(await events(poller)).toEqual([]);
		const later = bulk().create(1, 'after', 'x', audience(1), null);
		expect(summary(await events(poller))).toEqual([`newCampaign ${later.id} null→queued`]);
	});
});
