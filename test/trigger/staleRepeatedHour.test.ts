import { melbourneWallTime } from '../../nodes/shared/input/melbourne';
import { atCalendar } from '../harness/clock';
import { events, useTrigger } from '../kits/trigger';
const { state, trigger } = useTrigger();

// On the night daylight saving ends, a CDR date in the hour that comes twice is read as the later of its two
// instants not in the future (melbourneInstant), unless the trigger itself read that date before the hour began
// again: its state's mark, with its offset, then proves the first instant. Found by the review of issue 43.6:
// the later instant was taken anyway, and the alarm came an hour late.

const demoSwitch = () =>
	state()
		.cdrs.sources(1)
		.find((s) => s.source === 'demo-switch')!;

test('5 April 2026: the last call at 02:30 AEDT, seen at 02:40 AEDT; at 03:30 AEST (2 h behind) Stale After 1.5 h alarms', async () => {
	const lastCall = Date.parse('2026-04-04T15:30:00Z'); // 02:30 AEDT, the first 02:30 of the night
	const firstPoll = Date.parse('2026-04-04T15:40:00Z'); // 02:40 AEDT
	const now = Date.parse('2026-04-04T17:30:00Z'); // 03:30 AEST: 2 h after the last call
	demoSwitch().latestImported = melbourneWallTime(new Date(lastCall));
	expect(demoSwitch().latestImported).toBe('2026-04-05 02:30:00');
	const poller = trigger({
		events: ['cdrFeedStale'],
		staleHours: 1.5,
		options: { sources: ['demo-switch'] },
	});
	expect(await atCalendar(firstPoll, async () => await events(poller))).toEqual([]);
	const alarms = await atCalendar(now, async () => await events(poller));
	expect(alarms).toEqual([
		expect.objectContaining({ event: 'cdrFeedStale', latest_date: '2026-04-05 02:30:00' }),
	]);
});
