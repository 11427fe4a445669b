import type { IDataObject } from 'n8n-workflow';
import { melbourneToday } from '../shared/input/melbourne';

/** The days a watched report covers: the last N days (today included), or the month, quarter or year so far. */
export type Period = 'rolling' | 'thisMonth' | 'thisQuarter' | 'thisYear';

export interface WindowSettings {
	period: Period;
	/** Days a rolling window covers, today included. */
	lookBackDays: number;
}

/** A calendar date `days` days after `date` (YYYY-MM-DD), by the calendar alone: no zone can move it. */
export function addCalendarDays(date: string, days: number): string {
	const at = new Date(`${date}T00:00:00Z`);
	at.setUTCDate(at.getUTCDate() + days);
	return at.toISOString().slice(0, 10);
}

/** The first day of the window that ends today (the platform's today, `YYYY-MM-DD`). */
export function windowStart(today: string, settings: WindowSettings): string {
	const [year, month] = [today.slice(0, 4), Number(today.slice(5, 7))];
	switch (settings.period) {
		case 'thisMonth':
			return `${today.slice(0, 8)}01`;
		case 'thisQuarter':
			return `${year}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
		case 'thisYear':
			return `${year}-01-01`;
		default:
			return addCalendarDays(today, -(Math.max(1, Math.floor(settings.lookBackDays)) - 1));
	}
}

/**
 * The report options a poll sends: the dates the report needs, on the platform's calendar (Melbourne's today at
 * `now`, whatever zone n8n runs in). Aged Receivables is owed as at today; Total Services Summary counts the
 * services active at the end of today; every other report covers its window, from the first day's midnight to
 * the end of today (the spec lets `when` be left out when both dates are sent).
 */
export function reportWindow(report: string, settings: WindowSettings, now: number): IDataObject {
	const today = melbourneToday(new Date(now));
	if (report === 'agedReceivables') return { date: today };
	if (report === 'totalServicesSummary') return { date_to: `${today} 23:59:59` };
	return { date_from: `${windowStart(today, settings)} 00:00:00`, date_to: `${today} 23:59:59` };
}
