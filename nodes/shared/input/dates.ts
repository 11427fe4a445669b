import { melbourneWallTime } from './melbourne';

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_FIRST = /^(\d{2})-(\d{2})-(\d{4})$/;
/** A date and time, optionally with seconds, fractions and a zone (`Z`, `+02:00`, `-0500`). */
const DATE_TIME =
	/^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * An n8n date value as text: luxon DateTimes (expressions, $now, $today) by their ISO text with its
 * offset, a JavaScript Date as the instant it is (UTC), anything else as written.
 */
function dateText(value: unknown): string {
	if (typeof value === 'object' && value !== null) {
		if (typeof (value as { toISO?: unknown }).toISO === 'function')
			return String((value as { toISO: () => string }).toISO());
		if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
	}
	return String(value).trim();
}

/** A datetime's parts, or undefined when the text is not one. */
function dateTimeParts(text: string) {
	const match = DATE_TIME.exec(text);
	if (!match) return undefined;
	const [, day, hour, minute, second = '00', zone] = match;
	return { day, wall: `${day} ${hour}:${minute}:${second}`, zone };
}

/**
 * The one conversion of a datetime to the platform's clock (Australia/Melbourne, `YYYY-MM-DD HH:MM:SS`):
 * with `Z` or an offset it names an instant, shown as Melbourne wall time (10:00Z is 21:00 in a
 * Melbourne summer); without one it is taken as platform wall time, as written.
 */
function platformWallTime(parts: { wall: string; zone?: string }): string | undefined {
	if (!parts.zone) return parts.wall;
	const zone =
		parts.zone.toUpperCase() === 'Z' ? 'Z' : parts.zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
	const offset = /^[+-]\d{2}$/.test(zone) ? `${zone}:00` : zone;
	const instant = new Date(`${parts.wall.replace(' ', 'T')}${offset}`);
	return Number.isNaN(instant.getTime()) ? undefined : melbourneWallTime(instant);
}

/**
 * A day as a person picks one: a bare date, DD-MM-YYYY, or a datetime at exactly midnight in its own
 * zone (what the date picker and $today give). Undefined when the value names a moment instead.
 */
export function pickedDay(value: unknown): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const text = dateText(value);
	if (PLAIN_DATE.test(text)) return text;
	const dayFirst = DAY_FIRST.exec(text);
	if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]}-${dayFirst[1]}`;
	const parts = dateTimeParts(text);
	return parts && parts.wall.endsWith(' 00:00:00') ? parts.day : undefined;
}

/**
 * The platform takes dates as YYYY-MM-DD. A day picked (see pickedDay) is kept as written; a moment
 * with an offset is the platform's day at that instant. Anything unreadable is returned as it came, so
 * the date rule can name it.
 */
export function toPlatformDate(value: unknown): unknown {
	if (value === undefined || value === null || value === '') return value;
	const text = dateText(value);
	if (PLAIN_DATE.test(text)) return text;
	const parts = dateTimeParts(text);
	if (!parts) return value;
	if (parts.wall.endsWith(' 00:00:00')) return parts.day;
	return platformWallTime(parts)?.slice(0, 10) ?? value;
}

/**
 * Datetimes go to the platform as YYYY-MM-DD HH:MM:SS on its clock (platformWallTime); a bare date is
 * its midnight. Anything unreadable is returned as it came, so the caller's rule can name it.
 */
export function toPlatformDateTime(value: unknown): unknown {
	if (value === undefined || value === null || value === '') return value;
	if (typeof value === 'string' && value.length === 19 && DATETIME.test(value)) return value;
	const text = dateText(value);
	if (PLAIN_DATE.test(text)) return `${text} 00:00:00`;
	const parts = dateTimeParts(text);
	return (parts && platformWallTime(parts)) ?? value;
}

/**
 * The end of a range as a person means it, for every To of every report: a day picked (pickedDay) takes
 * in that whole day, sent as 23:59:59 so it does not rest on how the platform reads a bare date (the spec
 * does not say); a moment ends the range there, on the platform's clock.
 */
export function toPlatformRangeEnd(value: unknown): unknown {
	const day = pickedDay(value);
	return day === undefined ? toPlatformDateTime(value) : `${day} 23:59:59`;
}

/**
 * The start of a range, or a report's single day, by the same rule: a day picked starts at its midnight
 * (text and DD-MM-YYYY sent as written, the picker's or a zone's midnight as `day 00:00:00`, never moved
 * to another zone's clock); a moment is that instant on the platform's clock.
 */
export function toPlatformRangeStart(value: unknown): unknown {
	const day = pickedDay(value);
	if (day === undefined) return toPlatformDateTime(value);
	const text = dateText(value);
	return PLAIN_DATE.test(text) || DAY_FIRST.test(text) ? text : `${day} 00:00:00`;
}

/** Where a day the user wrote is shown in hints: what the node does with offsets and days. */
export const DATE_TIME_HINT =
	'A time with Z or an offset (+02:00) is converted to the platform’s clock (Melbourne); one without is taken as Melbourne time';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by `count` digits at `at` (the caller has checked they are digits). */
function digitsAt(text: string, at: number, count: number): number {
	let value = 0;
	for (let i = at; i < at + count; i++) value = value * 10 + text.charCodeAt(i) - 48;
	return value;
}

// Called once per CDR in batch imports, so it reads digits in place instead of building a Date.
export function isPlatformDateTime(value: unknown): boolean {
	if (typeof value !== 'string' || value.length !== 19 || !DATETIME.test(value)) return false;
	const year = digitsAt(value, 0, 4);
	const month = digitsAt(value, 5, 2);
	const day = digitsAt(value, 8, 2);
	const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
	const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
	return (
		month >= 1 &&
		month <= 12 &&
		day >= 1 &&
		day <= days &&
		digitsAt(value, 11, 2) < 24 &&
		digitsAt(value, 14, 2) < 60 &&
		digitsAt(value, 17, 2) < 60
	);
}
