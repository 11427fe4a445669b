import fc from 'fast-check';
import { melbourneWallTime } from '../../nodes/shared/input/melbourne';
import { atCalendar } from '../harness/clock';
import { inZone } from '../harness/zone';
import { propertySettings } from '../properties/settings';
import { CLOCK_CHANGES, HOST_ZONES, instantsOf, nearClockChange } from '../kits/clockChanges';
import { events, useTrigger } from '../kits/trigger';
const { node, state, bulk, audience, trigger } = useTrigger();

// Issue 43.6: the trigger's thresholds are lengths of real time, on the nights Melbourne's clock changes too, and
// whatever zone n8n runs in. CDR dates and the trigger's own marks are Melbourne wall-clock times: an hour that
// never comes (October) or comes twice (April) lies between two of them.

const HOUR = 3_600_000;
const demoSwitch = () =>
	state()
		.cdrs.sources(1)
		.find((s) => s.source === 'demo-switch')!;

/** A feed last imported at `fresh`, watched from then (the baseline) and polled at `now`: its alarms then. */
async function alarmsAt(fresh: number, now: number, staleHours = 2) {
	demoSwitch().latestImported = melbourneWallTime(new Date(fresh));
	const poller = trigger({
		events: ['cdrFeedStale'],
		staleHours,
		options: { sources: ['demo-switch'] },
	});
	expect(await atCalendar(fresh, async () => await events(poller))).toEqual([]);
	return await atCalendar(now, async () => await events(poller));
}

describe('the reported nights (Stale After 2 hours)', () => {
	test('daylight saving starts (4 October 2026): a feed 70 minutes behind raises no alarm', async () => {
		// 01:20 AEST to 03:30 AEDT reads as 2 h 10 min on the wall, and is 70 minutes.
		const now = Date.parse('2026-10-03T16:30:00Z');
		expect(await alarmsAt(now - 70 * 60_000, now)).toEqual([]);
	});

	test('daylight saving ends (5 April 2026): a feed 2 h 40 min behind alarms at once', async () => {
		// 01:50 AEDT to 03:30 AEST reads as 1 h 40 min on the wall, and is 2 h 40 min.
		const now = Date.parse('2026-04-04T17:30:00Z');
		const alarms = await alarmsAt(now - 160 * 60_000, now);
		expect(alarms).toEqual([
			expect.objectContaining({ event: 'cdrFeedStale', latest_date: '2026-04-05 01:50:00' }),
		]);
	});
});

describe('thresholds across Melbourne’s clock changes, n8n in any zone', () => {
	test('CDR Feed Stale alarms exactly when the feed is further behind than Stale After, in real hours', async () => {
		await fc.assert(
			fc.asyncProperty(
				nearClockChange(8),
				fc.integer({ min: 1, max: 8 * 60 }),
				fc.integer({ min: 1, max: 60 }),
				fc.constantFrom(...HOST_ZONES),
				async ({ at: now }, lagMinutes, tenths, zone) => {
					await node.sim().renew();
					const fresh = now - lagMinutes * 60_000;
					const wall = melbourneWallTime(new Date(fresh));
					demoSwitch().latestImported = wall;
					const staleHours = tenths / 10;
					const poller = trigger({
						events: ['cdrFeedStale'],
						staleHours,
						options: { sources: ['demo-switch'] },
					});
					// A wall time in the hour that comes twice names two instants: the later one that is not
					// after now is taken (docs/nodes/trigger.md), so no alarm is raised early.
					const behind = now - Math.max(...instantsOf(wall, fresh).filter((t) => t <= now));
					await inZone(zone, async () => {
						expect(await atCalendar(fresh, async () => await events(poller))).toEqual([]);
						const alarms = await atCalendar(now, async () => await events(poller));
						expect(alarms.length).toBe(behind / HOUR > staleHours ? 1 : 0);
					});
				},
			),
			propertySettings(60),
		);
	});

	test('a campaign the platform no longer finds is followed for exactly 24 real hours (and 10 polls)', async () => {
		const reads = (id: number) =>
			node.sim().requests.filter((r) => r.url.endsWith(`/customer/bulk-email/${id}`)).length;
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...CLOCK_CHANGES),
				fc.integer({ min: 0, max: 24 * 60 - 1 }),
				fc.integer({ min: 1, max: 59 }),
				fc.constantFrom(...HOST_ZONES),
				async ({ at: change }, before, margin, zone) => {
					await node.sim().renew();
					// The first miss `before` minutes ahead of the change: its 24 hours span the change.
					const since = change - before * 60_000;
					const poller = trigger({ events: ['campaignFinished'] });
					const c = bulk().create(1, 'slow one', 'x', audience(3), null);
					await inZone(zone, async () => {
						const poll = async (at: number) =>
							await atCalendar(at, async () => await events(poller));
						await poll(since - 60_000);
						bulk().campaigns.splice(bulk().campaigns.indexOf(c), 1);
						for (let k = 0; k < 10; k++) await poll(since + k * 60_000);
						let read = reads(c.id);
						await poll(since + 24 * HOUR - margin * 60_000);
						expect(reads(c.id)).toBe(read + 1);
						read = reads(c.id);
						await poll(since + 24 * HOUR + margin * 60_000);
						expect(reads(c.id)).toBe(read + 1);
						read = reads(c.id);
						await poll(since + 24 * HOUR + (margin + 1) * 60_000);
						expect(reads(c.id)).toBe(read);
					});
				},
			),
			propertySettings(30),
		);
	});
});
