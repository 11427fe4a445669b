import { sleep } from 'n8n-workflow';
import { REAL_CLOCK, useClock } from '../../nodes/shared/transport/clock';
import type { Clock } from '../../nodes/shared/transport/clock';

/**
 * The clock every test runs on unless it asks for real time: `scale` times faster than the wall clock, for
 * the package and the simulator alike (its outages and Retry-After end on this clock). Every wait keeps its
 * length and order relative to the others; only real time is saved. Requests themselves take real time, which
 * this clock sees `scale` times longer: nothing measured on it counts request time (a retry budget counts
 * waits), so that costs no behaviour.
 */
export function fastClock(scale: number): Clock {
	const origin = performance.now();
	const startedAt = Date.now();
	return {
		now: () => startedAt + (performance.now() - origin) * scale,
		sleep: async (ms) => await sleep(ms / scale),
	};
}

/** The suite's clock: a retry's 5 tries within 30 s take about a third of a second. */
export const TEST_CLOCK = fastClock(100);

/** For a test file that means to wait in real time (the simulator's own timing, the end-to-end runs). */
export function useRealClock(): void {
	beforeAll(() => {
		useClock(REAL_CLOCK);
	});
	afterAll(() => {
		useClock(TEST_CLOCK);
	});
}

/**
 * The suite's clock with its calendar standing at `at` (ms): a test puts the package on a day and hour of its
 * choosing (a daylight-saving night) without touching its waits. It stands still, so a poll that takes a
 * second on a loaded machine still happens at `at`.
 */
export function calendarAt(at: number): Clock {
	return { ...TEST_CLOCK, date: () => at };
}

/** Runs `body` with the package's calendar at `at`, then puts the suite's clock back. */
export async function atCalendar<T>(at: number, body: () => Promise<T>): Promise<T> {
	const previous = useClock(calendarAt(at));
	try {
		return await body();
	} finally {
		useClock(previous);
	}
}
