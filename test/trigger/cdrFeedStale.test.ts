import { sleep } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';
import { melbourneWallTime } from '../../nodes/shared/input/melbourne';
import type { PollingTrigger } from '../harness/engine';
import { events, melbourneHoursAgo, summary, useTrigger } from '../kits/trigger';
const { state, trigger, appendCdr } = useTrigger();
const STALE_HOURS = 2;
const stallWatcher = () =>
	trigger({
		events: ['cdrFeedStale'],
		staleHours: STALE_HOURS,
		options: { sources: ['demo-switch'] },
	});
const demoSwitch = () =>
	state()
		.cdrs.sources(1)
		.find((s) => s.source === 'demo-switch')!;
const alarmAt = (date: string) =>
	[
		expect.objectContaining({ event: 'cdrFeedStale', source: 'demo-switch', latest_date: date }),
	] as IDataObject[];
/** Waits until the wall clock (whole seconds, as CDR dates are written) has moved past `time`. */
async function pastSecond(time: number): Promise<void> {
	const second = melbourneWallTime(new Date(time));
	while (melbourneWallTime(new Date()) === second) await sleep(50);
}
/**
 * Raises one alarm (the feed stalled 3 h ago), runs `between`, then lets the feed stall again at a date
 * that was still fresh when the alarm was raised: a real recovery. The wall clock has to move on for that,
 * as it does for real. Returns the new stall's date.
 */
async function alarmThenStallAgain(
	poller: PollingTrigger,
	between: () => Promise<void>,
): Promise<string> {
	appendCdr(melbourneHoursAgo(1));
	await events(poller);
	demoSwitch().latestImported = melbourneHoursAgo(3);
	expect(await events(poller)).toEqual(alarmAt(demoSwitch().latestImported));
	const alarmedAt = Date.now();
	await between();
	await pastSecond(alarmedAt);
	demoSwitch().latestImported = melbourneWallTime(new Date(alarmedAt - STALE_HOURS * 3_600_000));
	return demoSwitch().latestImported;
}

describe('CDR Feed Stale: one alarm per stall, a stall being the date the feed stopped at', () => {
	test('a feed that recovers and stalls again between two polls alarms again, once', async () => {
		const poller = stallWatcher();
		const date = await alarmThenStallAgain(poller, async () => {});
		expect(await events(poller)).toEqual(alarmAt(date));
		expect(await events(poller)).toEqual([]);
	});

	test('the same across a restart, when n8n never wrote the recovery down (the poll that saw it emitted nothing)', async () => {
		const poller = stallWatcher();
		const date = await alarmThenStallAgain(poller, async () => {
			appendCdr(melbourneHoursAgo(0));
			expect(await events(poller)).toEqual([]);
			poller.restart();
		});
		expect(await events(poller)).toEqual(alarmAt(date));
		expect(await events(poller)).toEqual([]);
	});

	test('a feed that moves on but stays behind all along is one stall: no alarm per import', async () => {
		const poller = stallWatcher();
		appendCdr(melbourneHoursAgo(1));
		await events(poller);
		demoSwitch().latestImported = melbourneHoursAgo(4);
		expect(await events(poller)).toHaveLength(1);
		for (const lag of [3.5, 3, 2.5]) {
			demoSwitch().latestImported = melbourneHoursAgo(lag);
			expect(await events(poller)).toEqual([]);
		}
	});
});

describe('CDR events', () => {
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
});
