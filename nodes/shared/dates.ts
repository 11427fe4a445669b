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
