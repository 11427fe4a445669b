import type { IDataObject } from 'n8n-workflow';
import { LISTED_KEPT } from '../../nodes/TelcoBillingTrigger/trigger.seen';
import { ALL_CAMPAIGN_EVENTS, events, summary, useTrigger } from '../kits/trigger';
const { node, state, bulk, audience, trigger } = useTrigger();

// Issue 43.7: the spec promises nothing about the order in which campaign ids appear. A campaign is new because
// the trigger has not seen it, not because its id is above the highest seen.

/** Takes a campaign off the platform's lists until `back` is called, as a slow commit would. */
function hidden(id: number) {
	const list = bulk().campaigns;
	const [campaign] = list.splice(
		list.findIndex((c) => c.id === id),
		1,
	);
	return { back: () => list.push(campaign) };
}

describe('campaigns in any order of appearance', () => {
	test('501 listed after 502: New Campaign for 501, then its status changes and its finish', async () => {
		const poller = trigger({ events: ALL_CAMPAIGN_EVENTS });
		await events(poller);
		const first = bulk().create(1, 'first made', 'x', audience(20), null);
		const second = bulk().create(1, 'second made', 'x', audience(2), null);
		const late = hidden(first.id);
		expect(summary(await events(poller))).toEqual([`newCampaign ${second.id} null→queued`]);
		late.back();
		expect(summary(await events(poller))).toEqual([`newCampaign ${first.id} null→queued`]);
		expect(await events(poller)).toEqual([]);
		bulk().run();
		expect(summary(await events(poller))).toEqual([
			`campaignStatusChanged ${first.id} queued→sending`,
			`campaignStatusChanged ${second.id} queued→sending`,
		]);
		bulk().drain();
		expect(summary(await events(poller))).toEqual([
			`campaignStatusChanged ${first.id} sending→completed`,
			`campaignFinished ${first.id} sending→completed`,
			`campaignStatusChanged ${second.id} sending→completed`,
			`campaignFinished ${second.id} sending→completed`,
		]);
		expect(await events(poller)).toEqual([]);
	});

	test('the same across an n8n restart between the two appearances', async () => {
		const poller = trigger({ events: ['newCampaign', 'campaignFinished'] });
		await events(poller);
		const first = bulk().create(1, 'first made', 'x', audience(3), null);
		const second = bulk().create(1, 'second made', 'x', audience(3), null);
		const late = hidden(first.id);
		expect(summary(await events(poller))).toEqual([`newCampaign ${second.id} null→queued`]);
		poller.restart();
		late.back();
		bulk().drain();
		expect(summary(await events(poller)).sort()).toEqual(
			[
				`newCampaign ${first.id} null→completed`,
				`campaignFinished ${first.id} null→completed`,
				`campaignFinished ${second.id} queued→completed`,
			].sort(),
		);
	});

	test('a campaign that appears only after 30 newer ones were listed (off the first page) is still new', async () => {
		const poller = trigger({ events: ['newCampaign'] });
		await events(poller);
		const slow = bulk().create(1, 'slow', 'x', audience(1), null);
		const late = hidden(slow.id);
		const newer = Array.from({ length: 30 }, (_, i) =>
			bulk().create(1, `newer ${i}`, 'x', audience(1), null),
		);
		expect(await events(poller)).toHaveLength(newer.length);
		late.back();
		expect(summary(await events(poller))).toEqual([`newCampaign ${slow.id} null→queued`]);
		expect(await events(poller)).toEqual([]);
	});

	test('campaigns the trigger saw before are never new again, whatever order they are listed in', async () => {
		const poller = trigger({ events: ['newCampaign'] });
		const made = Array.from({ length: 45 }, (_, i) =>
			bulk().create(1, `made ${i}`, 'x', audience(1), null),
		);
		await events(poller);
		// Campaigns deleted at the top: older ones move up into the first page.
		for (const c of made.slice(-25)) hidden(c.id);
		expect(await events(poller)).toEqual([]);
		expect(await events(poller)).toEqual([]);
	});

	test('the memory is bounded: at 10,000 campaigns the stored state stays within 2 KB', async () => {
		const poller = trigger({ events: ALL_CAMPAIGN_EVENTS });
		const theirs = state()
			.customers.filter((c) => c.deptid === 2)
			.slice(0, 1);
		for (let i = 0; i < 10_000; i++) {
			const c = bulk().create(
				i % 7 === 0 ? 2 : 1,
				`c${i}`,
				'x',
				i % 7 === 0 ? theirs : audience(1),
				null,
			);
			if (i < 9_990) bulk().setStatus(c, 'completed');
		}
		await events(poller);
		for (let i = 0; i < 50; i++) bulk().create(1, `after ${i}`, 'x', audience(1), null);
		expect(await events(poller)).toHaveLength(50);
		expect(JSON.stringify(poller.staticData).length).toBeLessThan(2048);
		expect((poller.staticData['node:Trigger'] as IDataObject).state).toBeDefined();
	});
});

test('300 polls, campaigns appearing in any order and up to 25 polls late (fewer newer ones than the trigger remembers): each is new exactly once', async () => {
	let seed = 20261129;
	const rand = () => {
		seed = (seed * 1103515245 + 12345) % 2147483648;
		return seed / 2147483648;
	};
	const poller = trigger({ events: ['newCampaign'] });
	await events(poller);
	const waiting: Array<{ back: () => void; at: number }> = [];
	const made: number[] = [];
	const emitted: number[] = [];
	for (let round = 0; round < 300; round++) {
		for (let n = Math.floor(rand() * 3); n > 0; n--) {
			const c = bulk().create(1, `r${round}-${n}`, 'x', audience(1), null);
			made.push(c.id);
			if (rand() < 0.3) waiting.push({ ...hidden(c.id), at: round + 1 + Math.floor(rand() * 25) });
		}
		for (const w of waiting.filter((entry) => entry.at <= round)) {
			w.back();
			waiting.splice(waiting.indexOf(w), 1);
		}
		// Finished campaigns are not followed one by one: a poll reads the list alone, down to a late one at most
		// one page below what the trigger remembers.
		bulk().drain();
		const before = node.sim().requests.length;
		emitted.push(...(await events(poller)).map((e) => Number((e.campaign as IDataObject).id)));
		expect(node.sim().requests.length - before).toBeLessThanOrEqual(LISTED_KEPT / 20 + 2);
	}
	for (const w of waiting) w.back();
	emitted.push(...(await events(poller)).map((e) => Number((e.campaign as IDataObject).id)));
	expect([...emitted].sort((a, b) => a - b)).toEqual([...made].sort((a, b) => a - b));
});
