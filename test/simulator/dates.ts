/** Calendar arithmetic on YYYY-MM-DD strings, in UTC so no time zone can shift a day. */

export function parseDate(value: string): Date | undefined {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
	const date = new Date(`${value}T00:00:00Z`);
	return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value
		? undefined
		: date;
}

export function formatDate(date: Date): string {
	return date.toISOString().slice(0, 10);
}

export function addMonths(value: string, months: number): string {
	const date = parseDate(value)!;
	const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
	const lastDay = daysInMonth(formatDate(target));
	target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
	return formatDate(target);
}

export function daysInMonth(value: string): number {
	const date = parseDate(value)!;
	return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
}

export function endOfMonth(value: string): string {
	return `${value.slice(0, 8)}${String(daysInMonth(value)).padStart(2, '0')}`;
}

/** Whole months from one date to a later one, counting a started month as one. */
export function monthsBetween(from: string, to: string): number {
	if (to <= from) return 0;
	let months = 0;
	while (addMonths(from, months) < to) months++;
	return months;
}

export function addDays(value: string, days: number): string {
	const date = parseDate(value)!;
	date.setUTCDate(date.getUTCDate() + days);
	return formatDate(date);
}
