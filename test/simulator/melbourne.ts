/** Wall-clock time in Australia/Melbourne, whatever zone the process runs in. */

const FORMAT = new Intl.DateTimeFormat('en-CA', {
	timeZone: 'Australia/Melbourne',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
	hourCycle: 'h23',
});

export function melbourneNow(now = new Date()): string {
	const parts = Object.fromEntries(FORMAT.formatToParts(now).map((p) => [p.type, p.value]));
	return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `Y-m-d`, `Y-m-d H:i` or `Y-m-d H:i:s`, `T` allowed for the space; a bare date is midnight. */
export function parseSchedule(value: string): string | undefined {
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
	if (!match) return undefined;
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const date = new Date(Date.UTC(year, month - 1, day));
	if (
		date.getUTCFullYear() !== year ||
		date.getUTCMonth() !== month - 1 ||
		date.getUTCDate() !== day
	)
		return undefined;
	const [hour, minute, second] = [match[4] ?? '00', match[5] ?? '00', match[6] ?? '00'];
	if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return undefined;
	return `${match[1]}-${match[2]}-${match[3]} ${hour}:${minute}:${second}`;
}

/** The Melbourne wall-clock time `days` calendar days after `wall`. */
export function addDaysWall(wall: string, days: number): string {
	const date = new Date(`${wall.slice(0, 10)}T00:00:00Z`);
	date.setUTCDate(date.getUTCDate() + days);
	return `${date.toISOString().slice(0, 10)}${wall.slice(10)}`;
}
