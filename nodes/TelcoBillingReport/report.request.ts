import type { IDataObject } from 'n8n-workflow';
import { setOwn } from '../shared/input/keys';
import { toPlatformRangeEnd, toPlatformRangeStart } from '../shared/input/dates';
import { melbourneToday } from '../shared/input/melbourne';
import { isBlank } from '../shared/input/rules';
import type { RequestInput } from '../shared/input/rules';

// The 20 reports the spec documents, with the options each takes beyond the date range.
export const REPORTS: Array<{
	name: string;
	value: string;
	options?: string[];
	dateOnly?: 'date' | 'date_to';
}> = [
	{ name: 'Active Customers Summary', value: 'activeCustomersSummary' },
	{ name: 'Aged Receivables', value: 'agedReceivables', dateOnly: 'date' },
	{ name: 'Ancillary Charges', value: 'ancilliaryCharges' },
	{ name: 'Billed Minutes', value: 'billedMinutes' },
	{ name: 'Billed Minutes Detailed', value: 'billedMinutesDetailed', options: ['ctid'] },
	{ name: 'Credit Report', value: 'creditReport' },
	{ name: 'Customer Ended Detail', value: 'customerEndedDetail' },
	{
		name: 'Customer Invoices, Services and Calls Summary',
		value: 'customerInvoicesServicesCallsSummary',
	},
	{ name: 'Customer New Details', value: 'customerNewDetails' },
	{
		name: 'Ended Services Detailed',
		value: 'endedServicesDetailed',
		options: ['list_price_for_no_price', 'billinggroups', 'exclude_billinggroups'],
	},
	{
		name: 'Engineering Commission Liability (Detailed)',
		value: 'engineeringCommissionLiabilityReportDetailed',
	},
	{ name: 'GP Services', value: 'gpServices', options: ['esid'] },
	{ name: 'New Services', value: 'newServices', options: ['list_price_for_no_price'] },
	{
		name: 'New Services by Sales Person',
		value: 'newServicesSalesPersonSummary',
		options: ['list_price_for_no_price'],
	},
	{
		name: 'New Services by Source',
		value: 'newServicesSourceSummary',
		options: ['list_price_for_no_price'],
	},
	{
		name: 'New Services Summary',
		value: 'newServicesSummary',
		options: ['list_price_for_no_price'],
	},
	{ name: 'Other (by Name)', value: 'other' },
	{ name: 'Payments Received (Aged Receivables)', value: 'paymentsReceivedAgedReceivables' },
	{ name: 'Sales Invoice Detail', value: 'salesInvoiceDetail' },
	{ name: 'Summary of Revenue and Payments Received', value: 'summaryRevenuePaymentsReceived' },
	{
		name: 'Total Services Summary',
		value: 'totalServicesSummary',
		options: ['billinggroups', 'exclude_billinggroups', 'include_usage', 'serviceTypes'],
		dateOnly: 'date_to',
	},
];

/** The Report dropdown's choices (also the canvas subtitle's labels). */
export const REPORT_OPTIONS = REPORTS.map(({ name, value }) => ({ name, value }));

const list = (value: unknown) =>
	String(value ?? '')
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);

/**
 * A report's one day, or the platform's today when it is left empty: the field's default is today, and an
 * expression that gives nothing (an AI model that has no clock and leaves the date out) means today too.
 */
const dayOrToday = (value: unknown) => (isBlank(value) ? melbourneToday() : value);

/** What the platform gets: `{report, report_options}` with dates as YYYY-MM-DD and lists as arrays. */
export function reportBody(input: RequestInput): IDataObject {
	const chosen = String(input.param('report', ''));
	const report = chosen === 'other' ? String(input.param('reportName', '')).trim() : chosen;
	const options: IDataObject = {};
	const when = String(input.param('when', 'last month'));
	if (report === 'agedReceivables')
		options.date = toPlatformRangeStart(dayOrToday(input.param('date', ''))) as string;
	else if (report === 'totalServicesSummary')
		options.date_to = toPlatformRangeEnd(dayOrToday(input.param('dateToOnly', ''))) as string;
	else if (when === 'custom') {
		options.when = 'custom';
		options.date_from = toPlatformRangeStart(input.param('dateFrom', '')) as string;
		options.date_to = toPlatformRangeEnd(input.param('dateTo', '')) as string;
	} else options.when = when;
	const extra = (input.param('reportOptions', {}) as IDataObject) ?? {};
	for (const [key, value] of Object.entries(extra)) {
		if (key === 'billinggroups' || key === 'exclude_billinggroups') options[key] = list(value);
		else if (key === 'ctid' || key === 'esid' || key === 'serviceTypes') {
			// An empty choice means "all" (the spec's GP Services): left out, never sent as []. Anything but a
			// list is kept as it came, for checkInput to refuse: never read as "all".
			const ids = Array.isArray(value) ? value.map(Number) : value;
			if (!Array.isArray(ids) || ids.length) options[key] = ids as number[];
		} else if (!isBlank(value)) setOwn(options, key, value as string);
	}
	return { report, report_options: options };
}
