import { getOwn } from '../shared/input/keys';

/**
 * What the Report Trigger watches: its events and the report each one reads. What tells one row of a report from
 * another is the spec's (shared/platform/reportFacts.ts); Report Rows Added or Changed lets the user choose others.
 */

/** The events, as the Event parameter's values; the type is derived from the list, so the two cannot part. */
export const REPORT_EVENTS = [
	'accountOverdue',
	'customerEnded',
	'invoiceIssued',
	'reportRows',
	'serviceStarted',
] as const;

export type ReportEvent = (typeof REPORT_EVENTS)[number];

/**
 * The named events: the report each reads, the id that makes one event (the record the event is about: a
 * customer, an invoice, a service), and the column that dates one where its rows carry it. A customer who ends,
 * comes back and ends again later has ended again: a later last date is a new event, the same or an earlier one
 * (a correction) is not. An invoice is issued and a service started once.
 */
const NAMED_EVENTS: Record<
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

/** Whether a value (an expression's, a stored memory's) is one of the events; never a key every object has. */
export function isReportEvent(value: unknown): value is ReportEvent {
	return typeof value === 'string' && (REPORT_EVENTS as readonly string[]).includes(value);
}

/** A named event's report, id and date column; undefined for Report Rows Added or Changed. */
export function namedEvent(event: ReportEvent) {
	return event === 'reportRows' ? undefined : getOwn(NAMED_EVENTS, event);
}
