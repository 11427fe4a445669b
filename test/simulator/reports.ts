import { addDays } from './dates';
import { melbourneNow } from './melbourne';
import type { State } from './state';

type Row = Record<string, unknown>;
type Options = Record<string, unknown>;

const WHEN = ['today', 'yesterday', 'this week', 'last week', 'this month', 'last month', 'this year', 'this quarter', 'last quarter', 'custom'];

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
	const monthEnd = (year: number, month: number) => `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
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
			return { from: `${s.year}-${pad(s.month)}-01 00:00:00`, to: `${monthEnd(s.year, s.month + 2)} 23:59:59` };
		}
		default: {
			const s = q === 0 ? quarterStart(y - 1, 3) : quarterStart(y, q - 1);
			return { from: `${s.year}-${pad(s.month)}-01 00:00:00`, to: `${monthEnd(s.year, s.month + 2)} 23:59:59` };
		}
	}
}

function money(value: number): string {
	return (Math.round(value * 100) / 100).toFixed(2);
}

function sorted(rows: Row[], options: Options): Row[] {
	const key = options.order_by;
	if (typeof key !== 'string' || rows.length === 0 || !(key in rows[0])) return rows;
	const direction = String(options.order_by_direction ?? 'asc').toLowerCase() === 'desc' ? -1 : 1;
	return [...rows].sort((a, b) => {
		const [x, y] = [a[key], b[key]];
		const [nx, ny] = [Number(x), Number(y)];
		const cmp = !Number.isNaN(nx) && !Number.isNaN(ny) ? nx - ny : String(x).localeCompare(String(y));
		return cmp * direction;
	});
}

/**
 * The reports the simulator computes from its own state. Invoices and fees are not modelled, so reports made
 * of them answer with the documented fields over what the state holds (often nothing in range).
 */
export function runReport(state: State, deptid: number, report: string, options: Options): { error: string } | { rows: Row[] } {
	if (!REPORTS.includes(report)) return { error: `unknown report ${report}` };
	const when = options.when === undefined ? undefined : String(options.when);
	if (when !== undefined && !WHEN.includes(when)) return { error: `unknown when ${when}` };
	let from: string | undefined;
	let to: string | undefined;
	if (when && when !== 'custom') ({ from, to } = range(when));
	else {
		from = options.date_from === undefined ? undefined : readDate(options.date_from);
		to = options.date_to === undefined ? undefined : readDate(options.date_to);
		if ((options.date_from !== undefined && !from) || (options.date_to !== undefined && !to)) return { error: 'dates must be YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or DD-MM-YYYY' };
		if (to && to.endsWith('00:00:00') && typeof options.date_to === 'string' && options.date_to.length <= 10) to = `${to.slice(0, 10)} 23:59:59`;
	}
	const inRange = (date: string) => (!from || date >= from) && (!to || date <= to);
	const customers = state.customers.filter((c) => c.deptid === deptid);
	const services = state.services.filter((s) => s.deptid === deptid);
	const typeName = (esid: number) => state.serviceTypes.find((t) => t.esid === esid)?.typeofservice ?? '';
	const billed = [...state.cdrs.billed.values()].filter((b) => b.deptid === deptid && inRange(b.startdate));
	const fee = (s: (typeof services)[number]) => (s.monthlyfee === 0 && options.list_price_for_no_price ? state.serviceTypes.find((t) => t.esid === s.servicetype)?.list_price ?? 0 : s.monthlyfee);
	const started = services.filter((s) => inRange(`${s.start_date} 00:00:00`));
	const inGroups = (cid: number) => {
		const group = customers.find((c) => c.cid === cid)?.billinggroup ?? '';
		const only = options.billinggroups as string[] | undefined;
		const excluded = options.exclude_billinggroups as string[] | undefined;
		return (!only?.length || only.includes(group)) && !(excluded ?? []).includes(group);
	};

	let rows: Row[];
	switch (report) {
		case 'agedReceivables':
			rows = customers.filter((c) => c.balance > 0).map((c) => ({ cid: c.cid, display_name: c.company, balance: money(c.balance), current: money(c.balance), overdue0: '0.00', overdue30: '0.00', overdue60: '0.00', overdue90: '0.00', overdue120: '0.00' }));
			break;
		case 'billedMinutes': {
			const byDay = new Map<string, { calls: number; minutes: number; amount: number }>();
			for (const b of billed) {
				const cdr = state.cdrs.find(b.id)!;
				const entry = byDay.get(b.startdate.slice(0, 10)) ?? { calls: 0, minutes: 0, amount: 0 };
				entry.calls++;
				entry.minutes += cdr.billsec / 60;
				entry.amount += Number(b.price);
				byDay.set(b.startdate.slice(0, 10), entry);
			}
			rows = [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([date, e]) => ({ date, total_calls: e.calls, billed_minutes: e.minutes.toFixed(2), total_sms: 0, billed_amount: money(e.amount) }));
			break;
		}
		case 'billedMinutesDetailed': {
			const wanted = (options.ctid as number[] | undefined)?.map(Number);
			const byType = new Map<string, { calls: number; minutes: number; amount: number }>();
			for (const b of billed) {
				const type = state.callTypes.find((t) => t.internal_code === b.ratecode);
				if (wanted?.length && (!type || !wanted.includes(type.ctid))) continue;
				const cdr = state.cdrs.find(b.id)!;
				const entry = byType.get(type?.name ?? b.rate_name) ?? { calls: 0, minutes: 0, amount: 0 };
				entry.calls++;
				entry.minutes += cdr.billsec / 60;
				entry.amount += Number(b.price);
				byType.set(type?.name ?? b.rate_name, entry);
			}
			rows = [...byType].map(([call_type, e]) => ({ call_type, total_calls: e.calls, total_sms: 0, billed_minutes: e.minutes.toFixed(2), billed_amount: money(e.amount) }));
			break;
		}
		case 'newServices':
			rows = started.filter((s) => inGroups(s.cid)).map((s) => ({
				enid: s.id,
				cid: s.cid,
				customer: customers.find((c) => c.cid === s.cid)?.company ?? '',
				start_date: s.start_date,
				service_type: typeName(s.servicetype),
				monthly_fee: money(fee(s)),
				newCustomer: !services.some((o) => o.cid === s.cid && from !== undefined && `${o.start_date} 00:00:00` < from),
			}));
			break;
		case 'newServicesSummary': {
			const byType = new Map<string, { count: number; fees: number; customers: Set<number> }>();
			for (const s of started) {
				const entry = byType.get(typeName(s.servicetype)) ?? { count: 0, fees: 0, customers: new Set<number>() };
				entry.count++;
				entry.fees += fee(s);
				entry.customers.add(s.cid);
				byType.set(typeName(s.servicetype), entry);
			}
			rows = [...byType].map(([service_type, e]) => ({ service_type, service_count: e.count, monthly_fees: money(e.fees), new_customers: [...e.customers].filter((cid) => !services.some((o) => o.cid === cid && from !== undefined && `${o.start_date} 00:00:00` < from)).length, existing_customers: [...e.customers].filter((cid) => services.some((o) => o.cid === cid && from !== undefined && `${o.start_date} 00:00:00` < from)).length }));
			break;
		}
		case 'totalServicesSummary': {
			const until = to ?? melbourneNow();
			const wanted = (options.serviceTypes as number[] | undefined)?.map(Number);
			const byType = new Map<string, { count: number; fees: number }>();
			for (const s of services.filter((x) => `${x.start_date} 00:00:00` <= until && (x.date_ended === null || `${x.date_ended} 23:59:59` >= until) && inGroups(x.cid) && (!wanted?.length || wanted.includes(x.servicetype)))) {
				const entry = byType.get(typeName(s.servicetype)) ?? { count: 0, fees: 0 };
				entry.count++;
				entry.fees += s.monthlyfee;
				byType.set(typeName(s.servicetype), entry);
			}
			rows = [...byType].map(([service_type, e]) => ({ service_type, service_count: e.count, monthly_fees: money(e.fees), ...(options.include_usage ? { total_ex_usage: money(e.fees) } : {}) }));
			break;
		}
		case 'activeCustomersSummary': {
			const end = (to ?? melbourneNow()).slice(0, 7);
			const total = customers.filter((c) => c.active).length;
			rows = [{ date: end, new_customers: 0, end_customers: 0, total_customers: total }];
			break;
		}
		case 'endedServicesDetailed':
			rows = services.filter((s) => s.date_ended !== null && inRange(`${s.date_ended} 00:00:00`) && inGroups(s.cid)).map((s) => ({
				enid: s.id,
				customer: customers.find((c) => c.cid === s.cid)?.company ?? '',
				'Account Manager': customers.find((c) => c.cid === s.cid)?.account_manager ?? '',
				avg_account_spend: '0.00',
				avg_service_spend: money(fee(s)),
				cancellation_request_date: s.date_ended,
				churn_reason: null,
				avg_minutes: 0,
				avg_sms: 0,
				start_date: s.start_date,
				end_date: s.date_ended,
				service_type: typeName(s.servicetype),
				monthly_fee: money(fee(s)),
			}));
			break;
		default:
			// Invoice, payment, fee and commission reports: no invoices are modelled, so nothing is in range.
			rows = [];
	}
	return { rows: sorted(rows, options) };
}

export const REPORTS = [
	'activeCustomersSummary',
	'agedReceivables',
	'ancilliaryCharges',
	'billedMinutesDetailed',
	'billedMinutes',
	'creditReport',
	'customerInvoicesServicesCallsSummary',
	'customerEndedDetail',
	'endedServicesDetailed',
	'gpServices',
	'salesInvoiceDetail',
	'customerNewDetails',
	'newServicesSalesPersonSummary',
	'newServicesSourceSummary',
	'newServices',
	'newServicesSummary',
	'paymentsReceivedAgedReceivables',
	'summaryRevenuePaymentsReceived',
	'engineeringCommissionLiabilityReportDetailed',
	'totalServicesSummary',
];
