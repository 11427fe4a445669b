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
