import { sleep } from 'n8n-workflow';

/** What every wait of the package is made with and measured by: retries' backoff, Retry-After, outages. */
export interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
	/**
	 * The calendar time (ms since 1970) the package reads the platform's day and hour from: the wall clock
	 * unless a test sets it. `now()` may run faster than the wall clock in tests (waits), this never does.
	 */
	date?(): number;
}

/** The wall clock and n8n's own sleep (n8n Cloud allows no timers of a node's own). */
export const REAL_CLOCK: Clock = {
	now: () => Date.now(),
	sleep: async (ms) => await sleep(ms),
};

let current: Clock = REAL_CLOCK;

/** The clock in force: the real one, unless a test runs the package on its own time. */
export function clock(): Clock {
	return current;
}

/** The calendar time now: what the trigger's thresholds and report windows are computed from. */
export function calendarNow(): number {
	return current.date?.() ?? Date.now();
}

/**
 * Puts `next` in force and returns the clock it replaces. Only tests call it: a test of a failure that lasts
 * then makes the same tries, in the same order, with the same Retry-After and backoff bounds, measured on the
 * same clock, without waiting them out in real time.
 */
export function useClock(next: Clock): Clock {
	const previous = current;
	current = next;
	return previous;
}
