import { WHEN } from '../../spec/report';
import { addDays } from '../dates';
import { melbourneNow } from '../melbourne';

function pad(n: number): string {
	return String(n).padStart(2, '0');
}

/** `YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS` or `DD-MM-YYYY` (converted); undefined when none of them. */
export function readDate(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	let match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
	if (match) return match[4] ? text : `${text} 00:00:00`;
	match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
	return match ? `${match[3]}-${match[2]}-${match[1]} 00:00:00` : undefined;
}

/** The date range of `when`, as the spec's table gives it, in the platform's (Melbourne) time. */
export function range(when: string, now = melbourneNow()): { from: string; to: string } {
	const today = now.slice(0, 10);
	const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
	const day = (d: string) => ({ from: `${d} 00:00:00`, to: `${d} 23:59:59` });
	const monthEnd = (year: number, month: number) =>
		`${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
	const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
	const monday = addDays(today, -weekday);
	const quarterStart = (year: number, q: number) => ({ year, month: q * 3 + 1 });
	const q = Math.floor((m - 1) / 3);
	switch (when) {
		case 'today':
			return day(today);
		case 'yesterday':
			return day(addDays(today, -1));
		case 'this week':
			return { from: `${monday} 00:00:00`, to: `${addDays(monday, 6)} 23:59:59` };
		case 'last week':
			return { from: `${addDays(monday, -7)} 00:00:00`, to: `${addDays(monday, -1)} 23:59:59` };
		case 'this month':
			return { from: `${today.slice(0, 8)}01 00:00:00`, to: `${monthEnd(y, m)} 23:59:59` };
		case 'last month': {
			const [ly, lm] = m === 1 ? [y - 1, 12] : [y, m - 1];
			return { from: `${ly}-${pad(lm)}-01 00:00:00`, to: `${monthEnd(ly, lm)} 23:59:59` };
		}
		case 'this year':
			return { from: `${y}-01-01 00:00:00`, to: now };
		case 'this quarter': {
			const s = quarterStart(y, q);
			return {
				from: `${s.year}-${pad(s.month)}-01 00:00:00`,
				to: `${monthEnd(s.year, s.month + 2)} 23:59:59`,
			};
		}
		default: {
			const s = q === 0 ? quarterStart(y - 1, 3) : quarterStart(y, q - 1);
			return {
				from: `${s.year}-${pad(s.month)}-01 00:00:00`,
				to: `${monthEnd(s.year, s.month + 2)} 23:59:59`,
			};
		}
	}
}

/**
 * The range a report covers: `when` computed in Melbourne time, else `date_from` / `date_to` (a bare
 * To is the whole day).
 */
export function periodOf(
	options: Record<string, unknown>,
): { error: string } | { from?: string; to?: string } {
	const when = options.when === undefined ? undefined : String(options.when);
	if (when !== undefined && !WHEN.includes(when)) return { error: `unknown when ${when}` };
	if (when && when !== 'custom') return range(when);
	const from = options.date_from === undefined ? undefined : readDate(options.date_from);
	let to = options.date_to === undefined ? undefined : readDate(options.date_to);
	if ((options.date_from !== undefined && !from) || (options.date_to !== undefined && !to))
		return { error: 'dates must be YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or DD-MM-YYYY' };
	if (
		to &&
		to.endsWith('00:00:00') &&
		typeof options.date_to === 'string' &&
		options.date_to.length <= 10
	)
		to = `${to.slice(0, 10)} 23:59:59`;
	return { from, to };
}
