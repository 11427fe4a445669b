/** The platform's clock: Australia/Melbourne, whatever zone n8n runs in (bulk email schedules, CDR dates). */
const MELBOURNE = new Intl.DateTimeFormat('en-CA', {
	timeZone: 'Australia/Melbourne',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
	hourCycle: 'h23',
});

/** Melbourne wall-clock time of an instant, as `YYYY-MM-DD HH:MM:SS`. */
export function melbourneWallTime(instant: Date): string {
	const parts = Object.fromEntries(MELBOURNE.formatToParts(instant).map((p) => [p.type, p.value]));
	return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The platform's today, `YYYY-MM-DD`. */
export function melbourneToday(now = new Date()): string {
	return melbourneWallTime(now).slice(0, 10);
}

/**
 * The same day as an n8n expression, for a date field's default: `$today` is n8n's zone's (the workflow's, or
 * New York's), a day behind Melbourne's for most of Melbourne's morning.
 */
export const MELBOURNE_TODAY_EXPRESSION =
	"={{ $now.setZone('Australia/Melbourne').toFormat('yyyy-MM-dd') }}";

const HOUR = 3_600_000;
const WALL = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}:\d{2})(:\d{2})?)?([+-]\d{2}:\d{2})?$/;

/**
 * A moment the package writes down for itself (the trigger's marks): Melbourne wall-clock time with its offset,
 * `YYYY-MM-DD HH:MM:SS+11:00`, so it names one instant even in the hour that comes twice.
 */
export function melbourneMark(instant: number): string {
	const wall = melbourneWallTime(new Date(instant));
	const minutes = Math.round((Date.parse(`${wall.replace(' ', 'T')}Z`) - instant) / 60_000);
	const hhmm = `${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
	return `${wall}${minutes < 0 ? '-' : '+'}${hhmm}`;
}

/**
 * The instant (ms) a Melbourne wall-clock time names, by the zone's rules as Intl holds them: never the wall
 * time read as UTC, whatever zone n8n runs in. On the night daylight saving ends the hour from 02:00 comes twice:
 * such a time names two instants, and the later one not after `notAfter` is taken (the earlier when both are
 * after it), so a time just written is read as the hour it was written in. A time in the hour daylight saving
 * skips is read as the clocks moved it (02:30 is 03:30 AEDT); one with an offset (melbourneMark) is exact.
 * NaN when the text is no wall time.
 */
export function melbourneInstant(wall: string, notAfter = Number.POSITIVE_INFINITY): number {
	const match = WALL.exec(wall.trim());
	if (!match) return Number.NaN;
	const text = `${match[1]} ${match[2] ?? '00:00'}${match[3] ?? ':00'}`;
	// A mark the package wrote (melbourneMark) carries its offset: exactly one instant.
	if (match[4]) return Date.parse(`${text.replace(' ', 'T')}${match[4]}`);
	const asUtc = Date.parse(`${text.replace(' ', 'T')}Z`);
	if (Number.isNaN(asUtc)) return Number.NaN;
	// Melbourne is 11 hours ahead of UTC in summer and 10 in winter: the instant is whichever shows this time.
	const named = [11, 10]
		.map((hours) => asUtc - hours * HOUR)
		.filter((instant) => melbourneWallTime(new Date(instant)) === text);
	if (named.length === 0) return asUtc - 10 * HOUR;
	const past = named.filter((instant) => instant <= notAfter);
	return past.length ? past[past.length - 1] : named[0];
}

/**
 * Real hours from a Melbourne wall-clock time to the instant `now` (ms): the one subtraction thresholds use.
 * `seenBy` is an instant the time was already known at (a poll that read it): in the hour that comes twice, a
 * time seen before the hour began again is its first instant, never the later one.
 */
export function hoursSince(wall: string, now: number, seenBy = now): number {
	return (now - melbourneInstant(wall, Number.isNaN(seenBy) ? now : Math.min(now, seenBy))) / HOUR;
}
