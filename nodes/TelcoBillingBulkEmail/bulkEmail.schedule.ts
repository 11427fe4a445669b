import { melbourneWallTime } from '../shared/input/melbourne';

/**
 * Bulk email scheduled_at: Australia/Melbourne wall-clock time, `Y-m-d`, `Y-m-d H:i` or `Y-m-d H:i:s`
 * (`T` allowed), a real calendar date, at most 90 days ahead. Computed in Melbourne whatever zone n8n runs in.
 */

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function realCalendarDate(year: number, month: number, day: number): boolean {
	const date = new Date(Date.UTC(year, month - 1, day));
	return (
		date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
	);
}

function addCalendarDays(wall: string, days: number): string {
	const date = new Date(`${wall.slice(0, 10)}T00:00:00Z`);
	date.setUTCDate(date.getUTCDate() + days);
	return `${date.toISOString().slice(0, 10)}${wall.slice(10)}`;
}

export type ScheduleResult = { value: string } | { error: string };

/**
 * The value to send, or why it is refused. A value with an offset or Z (an ISO instant, `$now`, a luxon
 * DateTime) is converted to Melbourne time; a value without one already is Melbourne time.
 */
export function checkSchedule(input: unknown, now: Date = new Date()): ScheduleResult {
	let text = input;
	if (
		typeof input === 'object' &&
		input !== null &&
		typeof (input as { toISO?: unknown }).toISO === 'function'
	) {
		text = (input as { toISO: () => string }).toISO();
	} else if (input instanceof Date) {
		text = input.toISOString();
	}
	const raw = String(text ?? '').trim();
	let wall: string | undefined;
	const instant = INSTANT.exec(raw);
	if (instant) {
		const date = new Date(raw);
		if (
			Number.isNaN(date.getTime()) ||
			!realCalendarDate(...(instant[1].split('-').map(Number) as [number, number, number]))
		) {
			return { error: 'Scheduled At (scheduled_at) must be a real date' };
		}
		wall = melbourneWallTime(date);
	} else {
		const match = WALL.exec(raw);
		if (!match)
			return {
				error:
					'Scheduled At (scheduled_at) must be Y-m-d, Y-m-d H:i or Y-m-d H:i:s (a T may ' +
					'replace the space)',
			};
		const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
		if (!realCalendarDate(year, month, day))
			return {
				error: `Scheduled At (scheduled_at) must be a real date: ${match[1]}-${match[2]}-${match[3]} does not exist`,
			};
		const [hour, minute, second] = [match[4] ?? '00', match[5] ?? '00', match[6] ?? '00'];
		if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59)
			return { error: 'Scheduled At (scheduled_at) has an impossible time of day' };
		wall = `${match[1]}-${match[2]}-${match[3]} ${hour}:${minute}:${second}`;
	}
	const limit = addCalendarDays(melbourneWallTime(now), 90);
	if (wall > limit)
		return {
			error: `Scheduled At (scheduled_at) must be at most 90 days ahead in Melbourne time (until ${limit})`,
		};
	return { value: wall };
}
