import type { IDataObject } from 'n8n-workflow';
import { melbourneWallTime } from '../../nodes/shared/input/melbourne';
import { events, summary, useTrigger } from '../kits/trigger';
const { node, bulk, audience, trigger } = useTrigger();

// The spec says only that a missing campaign answers `not_found`. A platform may answer it for a while (a
// replica behind, a campaign being moved) and then list the campaign again: the trigger keeps following it.

const campaignReads = (id: number) =>
	node.sim().requests.filter((r) => r.url.endsWith(`/customer/bulk-email/${id}`)).length;

/** A queued campaign followed off the first page: newer, finished campaigns fill the page above it. */
async function followedOffThePage(events_: string[]) {
	const poller = trigger({ events: events_ });
	const c = bulk().create(1, 'slow one', 'x', audience(3), null);
	await events(poller);
	const newer = Array.from({ length: 25 }, (_, i) =>
		bulk().create(1, `newer ${i}`, 'x', audience(1), null),
	);
	// The newer ones finish; the slow one is still queued.
	for (const campaign of newer) {
		bulk().setStatus(campaign, 'completed');
		campaign.recipients.forEach((r) => (r.state = 'sent'));
	}
	await events(poller);
	return { poller, c };
}

describe('a campaign the platform answers not_found for a while', () => {
	test('one not_found poll: the campaign is still followed, its status change and its finish fire', async () => {
		const { poller, c } = await followedOffThePage(['campaignStatusChanged', 'campaignFinished']);
		const before = campaignReads(c.id);
		// The first page passes; the campaign's own read answers not_found.
		node.sim().faults.push('pass', { errorCode: 'not_found' });
		expect(await events(poller)).toEqual([]);
		expect(campaignReads(c.id)).toBe(before + 1);
		// Listed again, and finished meanwhile.
		bulk().drain();
		expect(summary(await events(poller))).toEqual([
			`campaignStatusChanged ${c.id} queued→completed`,
			`campaignFinished ${c.id} queued→completed`,
		]);
		expect(await events(poller)).toEqual([]);
	});

	test('missing for several polls in a row, then back: followed all along, its change fires once', async () => {
		const { poller, c } = await followedOffThePage(['campaignStatusChanged']);
		const held = bulk().campaigns.splice(bulk().campaigns.indexOf(c), 1);
		for (let i = 0; i < 5; i++) expect(await events(poller)).toEqual([]);
		bulk().campaigns.push(...held);
		bulk().run();
		expect(summary(await events(poller))).toEqual([`campaignStatusChanged ${c.id} queued→sending`]);
	});

	test('forgotten only once missing for 24 hours and 10 polls in a row: no read of it after that', async () => {
		const { poller, c } = await followedOffThePage(['campaignFinished']);
		bulk().campaigns.splice(bulk().campaigns.indexOf(c), 1);
		for (let i = 0; i < 12; i++) await events(poller);
		// Twelve polls within seconds: still followed, still read.
		const state = (poller.staticData['node:Trigger'] as IDataObject).state as IDataObject;
		expect(Object.keys(state.inFlight as IDataObject)).toEqual([String(c.id)]);
		const reads = campaignReads(c.id);
		await events(poller);
		expect(campaignReads(c.id)).toBe(reads + 1);
		// The same state, its first miss a day and an hour ago (as a trigger polling all day would hold it).
		const dayAgo = melbourneWallTime(new Date(Date.now() - 25 * 3_600_000));
		const missing = state.missing as Record<string, IDataObject>;
		missing[String(c.id)] = { ...missing[String(c.id)], since: dayAgo };
		poller.restart({
			'node:Trigger': { ...(poller.staticData['node:Trigger'] as IDataObject), state },
		});
		await events(poller);
		const after = (poller.staticData['node:Trigger'] as IDataObject).state as IDataObject;
		expect(after.inFlight).toEqual({});
		expect(after.missing ?? {}).toEqual({});
		const forgotten = campaignReads(c.id);
		await events(poller);
		expect(campaignReads(c.id)).toBe(forgotten);
	});
});
