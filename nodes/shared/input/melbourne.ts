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
