import { melbourneNow } from '../melbourne';
import type { State } from '../state';
import { buildContext } from './context';
import type { Context, Options, Row } from './context';
import { invoiceReports } from './invoices';
import { periodOf, readDate } from './period';
import { agedReceivables, paymentsReceivedAgedReceivables } from './receivables';
import { serviceReports } from './services';
import { usageReports } from './usage';

export { range, readDate } from './period';

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

const BY_RANGE: Record<string, (ctx: Context) => Row[]> = {
	...usageReports,
	...serviceReports,
	...invoiceReports,
	paymentsReceivedAgedReceivables,
};

function sorted(rows: Row[], options: Options): Row[] {
	const key = options.order_by;
	if (typeof key !== 'string' || rows.length === 0 || !(key in rows[0])) return rows;
	const direction = String(options.order_by_direction ?? 'asc').toLowerCase() === 'desc' ? -1 : 1;
	return [...rows].sort((a, b) => {
		const [x, y] = [a[key], b[key]];
		const [nx, ny] = [Number(x), Number(y)];
		const cmp =
			!Number.isNaN(nx) && !Number.isNaN(ny) ? nx - ny : String(x).localeCompare(String(y));
		return cmp * direction;
	});
}

/** The 20 documented reports, computed from the simulator's state for the key's department. */
export function runReport(
	state: State,
	deptid: number,
	report: string,
	options: Options,
): { error: string } | { rows: Row[] } {
	if (!REPORTS.includes(report)) return { error: `unknown report ${report}` };
	const period = periodOf(options);
	if ('error' in period) return period;
	const ctx = buildContext(state, deptid, options, period.from, period.to);
	if (report === 'agedReceivables') {
		const date = options.date === undefined ? melbourneNow() : readDate(options.date);
		if (!date) return { error: 'dates must be YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or DD-MM-YYYY' };
		return { rows: sorted(agedReceivables(ctx, date.slice(0, 10)), options) };
	}
	return { rows: sorted(BY_RANGE[report](ctx), options) };
}
