import { events, summary, useTrigger } from '../kits/trigger';
const { state, trigger, appendCdr } = useTrigger();

describe('CDR events', () => {
	test('CDRs Imported and CDRs Rated when a source’s latest date moves forward', async () => {
		state().cdrs.ratingMode = 'manual';
		const poller = trigger({ events: ['cdrsImported', 'cdrsRated'] });
		await events(poller);
		appendCdr('2026-11-21 08:00:00');
		expect(summary(await events(poller))).toEqual([
			'cdrsImported demo-switch 2026-11-01 00:00:00→2026-11-21 08:00:00',
		]);
		appendCdr('2026-11-21 07:00:00');
		expect(await events(poller)).toEqual([]);
		state().cdrs.rate();
		expect(summary(await events(poller))).toEqual([
			'cdrsRated demo-switch 2026-11-01 00:00:00→2026-11-21 08:00:00',
		]);
	});
	test('Sources limits the sources watched', async () => {
		const poller = trigger({ events: ['cdrsImported'], options: { sources: ['other-switch'] } });
		await events(poller);
		appendCdr('2026-11-21 09:00:00');
		expect(await events(poller)).toEqual([]);
	});
});

describe('a CDR source first seen after the trigger was activated', () => {
	test('its first calls are reported as imported (no previous date), and as rated when rating runs', async () => {
		state().cdrs.ratingMode = 'manual';
		const poller = trigger({ events: ['cdrsImported', 'cdrsRated'] });
		await events(poller);
		appendCdr('2026-11-21 08:00:00', 'new-switch');
		expect(summary(await events(poller))).toEqual([
			'cdrsImported new-switch null→2026-11-21 08:00:00',
		]);
		expect(await events(poller)).toEqual([]);
		state().cdrs.rate();
		expect(summary(await events(poller))).toEqual([
			'cdrsRated new-switch null→2026-11-21 08:00:00',
		]);
	});
	test('rated with the import (the platform rates at once): both events, in one poll', async () => {
		const poller = trigger({ events: ['cdrsImported', 'cdrsRated'] });
		await events(poller);
		appendCdr('2026-11-21 09:00:00', 'new-switch');
		expect(summary(await events(poller))).toEqual([
			'cdrsImported new-switch null→2026-11-21 09:00:00',
			'cdrsRated new-switch null→2026-11-21 09:00:00',
		]);
	});
});
