import { events, useTrigger } from '../kits/trigger';
const { node, bulk, audience, trigger } = useTrigger();

// The Telco Billing Trigger's "Fetch Test Event" (manual mode) reads what its sample needs: the campaign list only
// until it holds an example of each chosen campaign event. Found by the review of issues 41/43: it read every page
// up to 50, as an activation's baseline does, for an answer on the first page.

test('Fetch Test Event for New Campaign at 300 campaigns: one list request, the newest campaign', async () => {
	for (let i = 0; i < 300; i++) bulk().create(1, `c${i}`, 'x', audience(1), null);
	const poller = trigger({ events: ['newCampaign'] });
	const before = node.sim().requests.length;
	const [example] = await events(poller, 'manual');
	const pages = node
		.sim()
		.requests.slice(before)
		.filter((r) => r.url.includes('/bulk-email/page/'));
	expect(example.event).toBe('newCampaign');
	expect(pages.map((r) => r.url.replace(/^.*\/page\//, 'page '))).toEqual(['page 1']);
});
