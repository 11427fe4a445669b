const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

function pad(value: number): string {
	return String(value).padStart(2, '0');
}

/**
 * The platform takes dates as YYYY-MM-DD. n8n gives dates as ISO strings (date pickers, $now) or
 * luxon DateTime objects (expressions); the calendar day as written is kept, never shifted to UTC.
 * Anything unreadable is returned as it came, so the date rule can name it.
 */
export function toPlatformDate(value: unknown): unknown {
	if (value === undefined || value === null || value === '') return value;
	if (typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return toPlatformDate((value as { toISO: () => string }).toISO());
	}
	if (value instanceof Date) {
		return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
	}
	const text = String(value).trim();
	if (PLAIN_DATE.test(text)) return text;
	const iso = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}/.exec(text);
	return iso ? iso[1] : value;
}

const PLAIN_DATETIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * Datetimes go to the platform as YYYY-MM-DD HH:MM:SS in its local time. The wall-clock time as written
 * is kept (an ISO offset or Z is dropped, not converted): a switch's local timestamps stay as they were.
 * Anything unreadable is returned as it came, so the caller's rule can name it.
 */
export function toPlatformDateTime(value: unknown): unknown {
	if (value === undefined || value === null || value === '') return value;
	if (typeof value === 'string' && value.length === 19 && DATETIME.test(value)) return value;
	if (typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return toPlatformDateTime((value as { toISO: () => string }).toISO());
	}
	if (value instanceof Date) {
		const date = `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
		return `${date} ${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
	}
	const text = String(value).trim();
	const match = PLAIN_DATETIME.exec(text);
	if (!match) return PLAIN_DATE.test(text) ? `${text} 00:00:00` : value;
	return `${match[1]} ${match[2]}:${match[3]}:${match[4] ?? '00'}`;
}

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
