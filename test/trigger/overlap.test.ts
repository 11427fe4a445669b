import { events, summary, useTrigger } from '../kits/trigger';
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

	test('a poll that starts while another one runs returns nothing at once, without asking the platform', async () => {
		const poller = trigger({ events: ['newCampaign'] });
		await events(poller);
		const c = bulk().create(1, 'x', 'y', audience(1), null);
		node.sim().latency.ms = 100;
		const before = node.sim().requests.length;
		const [first, second] = await Promise.all([events(poller), events(poller)]);
		expect(summary(first)).toEqual([`newCampaign ${c.id} null→queued`]);
		expect(second).toEqual([]);
		// One poll of New Campaign alone reads one page.
		expect(node.sim().requests.length - before).toBe(1);
	});

	test('a poll that fails lets the next one run', async () => {
		const poller = trigger({ events: ['newCampaign'] });
		await events(poller);
		const c = bulk().create(1, 'x', 'y', audience(1), null);
		node.sim().latency.ms = 100;
		node.sim().faults.push('http500');
		const [first, second] = await Promise.allSettled([poller.poll(), poller.poll()]);
		expect(first.status).toBe('rejected');
		expect(second).toEqual({ status: 'fulfilled', value: null });
		expect(summary(await events(poller))).toEqual([`newCampaign ${c.id} null→queued`]);
	});
});
