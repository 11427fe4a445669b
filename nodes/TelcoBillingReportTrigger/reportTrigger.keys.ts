/**
 * What the Report Trigger watches: its events, the report each one reads, and what tells one row of a report
 * from another.
 */

export type ReportEvent =
	| 'accountOverdue'
	| 'customerEnded'
	| 'invoiceIssued'
	| 'reportRows'
	| 'serviceStarted';

/**
 * The fields that tell each report's rows apart, as the spec's one source derives them from the report's fields
 * (test/spec/reportRows.ts; a test proves these agree): the record ids a row carries (cid, enid, iid, vid), else
 * the thing the report is by (a month, a day, a call type, a service type, a person, a source), none for a report
 * of one row. Report Rows Added or Changed lets the user choose others.
 */
export const REPORT_KEYS: Record<string, string[]> = {
	activeCustomersSummary: ['date'],
	agedReceivables: ['cid'],
	ancilliaryCharges: [],
	billedMinutesDetailed: ['call_type'],
	billedMinutes: ['date'],
	creditReport: ['cid', 'iid'],
	customerInvoicesServicesCallsSummary: ['cid'],
	customerEndedDetail: ['cid'],
	endedServicesDetailed: ['enid'],
	gpServices: ['servicetype'],
	salesInvoiceDetail: ['cid', 'iid'],
	customerNewDetails: ['cid'],
	newServicesSalesPersonSummary: ['sales_person'],
	newServicesSourceSummary: ['source'],
	newServices: ['enid', 'cid'],
	newServicesSummary: ['service_type'],
	paymentsReceivedAgedReceivables: [],
	summaryRevenuePaymentsReceived: ['month'],
	engineeringCommissionLiabilityReportDetailed: ['vid', 'enid', 'iid'],
	totalServicesSummary: ['service_type'],
};

/**
 * The named events: the report each reads, the id that makes one event (the record the event is about: a
 * customer, an invoice, a service), and the column that dates one where its rows carry it. A customer who ends,
 * comes back and ends again later has ended again: a later last date is a new event, the same or an earlier one
 * (a correction) is not. An invoice is issued and a service started once.
 */
export const NAMED_EVENTS: Record<
	Exclude<ReportEvent, 'reportRows'>,
	{ report: string; key: string[]; dated?: string }
> = {
	accountOverdue: { report: 'agedReceivables', key: ['cid'] },
	customerEnded: { report: 'customerEndedDetail', key: ['cid'], dated: 'lastDate' },
	invoiceIssued: { report: 'salesInvoiceDetail', key: ['iid'] },
	serviceStarted: { report: 'newServices', key: ['enid'] },
};

/** The overdue bands of Aged Receivables, earliest first: an account's band is the latest one it owes in. */
export const OVERDUE_BANDS = ['overdue0', 'overdue30', 'overdue60', 'overdue90', 'overdue120'];

/** Each band as the spec gives its days. */
export const BAND_LABELS: Record<string, string> = {
	overdue0: '1–29 days overdue',
	overdue30: '30–59 days overdue',
	overdue60: '60–89 days overdue',
	overdue90: '90–119 days overdue',
	overdue120: '120 or more days overdue',
};
