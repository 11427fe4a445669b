import type { IDataObject } from 'n8n-workflow';
import { melbourneToday } from '../shared/input/melbourne';

/** The days a report covers, as far as the node can tell before it runs (for its file name). */
export interface ReportDays {
	from?: string;
	to?: string;
	/** A report of one day (aged receivables, services active on a date). */
	on?: string;
}

function day(value: unknown): string {
	const text = String(value ?? '');
	const dayFirst = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
	return dayFirst ? `${dayFirst[3]}-${dayFirst[2]}-${dayFirst[1]}` : text.slice(0, 10);
}

function shift(date: string, days: number): string {
	const at = new Date(`${date}T00:00:00Z`);
	at.setUTCDate(at.getUTCDate() + days);
	return at.toISOString().slice(0, 10);
}

function monthEnd(year: number, month: number): string {
	return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

const first = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;

/** A named period as the spec's table gives it, on the platform's clock (Melbourne). */
export function periodDays(when: string, now = new Date()): ReportDays {
	const today = melbourneToday(now);
	const year = Number(today.slice(0, 4));
	const month = Number(today.slice(5, 7));
	const monday = shift(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
	const quarter = month - ((month - 1) % 3);
	const lastQuarter = quarter === 1 ? { year: year - 1, month: 10 } : { year, month: quarter - 3 };
	const lastMonth = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
	switch (when) {
		case 'today':
			return { from: today, to: today };
		case 'yesterday':
			return { from: shift(today, -1), to: shift(today, -1) };
		case 'this week':
			return { from: monday, to: shift(monday, 6) };
		case 'last week':
			return { from: shift(monday, -7), to: shift(monday, -1) };
		case 'this month':
			return { from: first(year, month), to: monthEnd(year, month) };
		case 'last month':
			return {
				from: first(lastMonth.year, lastMonth.month),
				to: monthEnd(lastMonth.year, lastMonth.month),
			};
		case 'this year':
			return { from: `${year}-01-01`, to: today };
		case 'this quarter':
			return { from: first(year, quarter), to: monthEnd(year, quarter + 2) };
		case 'last quarter':
			return {
				from: first(lastQuarter.year, lastQuarter.month),
				to: monthEnd(lastQuarter.year, lastQuarter.month + 2),
			};
		default:
			return {};
	}
}

/** The days of the options the platform was sent (`report_options`). */
export function reportDays(options: IDataObject, now = new Date()): ReportDays {
	if (options.date !== undefined) return { on: day(options.date) };
	if (options.when !== undefined && options.when !== 'custom')
		return periodDays(String(options.when), now);
	if (options.date_from !== undefined)
		return { from: day(options.date_from), to: day(options.date_to) };
	if (options.date_to !== undefined) return { on: day(options.date_to) };
	return {};
}
