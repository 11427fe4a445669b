import fc from 'fast-check';
import { melbourneWallTime } from '../../nodes/shared/input/melbourne';

/**
 * Melbourne's clock changes, the nights a wall-clock time stops naming one instant: daylight saving ends on the
 * first Sunday of April at 03:00 AEDT (the hour from 02:00 comes twice) and starts on the first Sunday of
 * October at 02:00 AEST (the hour to 03:00 never comes). As instants (UTC), for three years either side of now.
 */
export const CLOCK_CHANGES: Array<{ name: string; at: number }> = [2025, 2026, 2027].flatMap(
	(year) => [
		{ name: `${year} daylight saving ends`, at: changeOn(year, 3) },
		{ name: `${year} daylight saving starts`, at: changeOn(year, 9) },
	],
);

/**
 * The instant of the change in a month (0-based), the first Sunday's: 03:00 AEDT (+11) in April and 02:00 AEST
 * (+10) in October are both 16:00 UTC on the Saturday before.
 */
function changeOn(year: number, month: number): number {
	const first = new Date(Date.UTC(year, month, 1));
	const sunday = 1 + ((7 - first.getUTCDay()) % 7);
	return Date.UTC(year, month, sunday) - 8 * 3_600_000;
}

/** Zones an n8n host may run in: far from Melbourne, on it, on UTC, with half hours and odd offsets. */
export const HOST_ZONES = [
	'Pacific/Honolulu',
	'UTC',
	'Australia/Melbourne',
	'America/New_York',
	'Europe/London',
	'Asia/Kolkata',
	'Pacific/Chatham',
	'Australia/Lord_Howe',
	'Pacific/Kiritimati',
];

/** An instant within `hours` either side of one of the clock changes, to the minute. */
export const nearClockChange = (hours: number) =>
	fc
		.tuple(fc.constantFrom(...CLOCK_CHANGES), fc.integer({ min: -hours * 60, max: hours * 60 }))
		.map(([change, minutes]) => ({ change: change.name, at: change.at + minutes * 60_000 }));

/**
 * The instants a Melbourne wall-clock time may name: one, or two within the hour that comes twice (none is
 * possible only for a time inside the hour that never comes, which no clock writes).
 */
export function instantsOf(wall: string, near: number): number[] {
	return [near - 3_600_000, near, near + 3_600_000].filter(
		(t) => melbourneWallTime(new Date(t)) === wall,
	);
}
