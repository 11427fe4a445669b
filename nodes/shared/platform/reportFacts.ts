/*
 * Written by `npm run generate:spec-facts` from the spec source (test/spec/): do not edit by hand.
 * test/spec/reportFields.test.ts fails whenever this differs from what the spec source gives.
 */

/*
 * The reports the spec lists, their rows' fields and what tells one row from another. A report name is data (Report
 * → Other, an expression): these tables are read through the functions below, which answer for the listed reports
 * only, never with a key every object has ("constructor", "toString").
 */

/**
 * Each report's row fields as the spec lists them (fields a report adds per configured fee or service type
 * are not known before it runs).
 */
const FIELDS: Record<string, readonly string[]> = {
	activeCustomersSummary: ['date', 'new_customers', 'end_customers', 'total_customers'],
	agedReceivables: [
		'cid',
		'display_name',
		'balance',
		'current',
		'overdue0',
		'overdue30',
		'overdue60',
		'overdue90',
		'overdue120',
	],
	ancilliaryCharges: [
		'late_fee_count',
		'late_fee_amount',
		'payment_fee_count',
		'payment_fee_amount',
	],
	billedMinutesDetailed: [
		'call_type',
		'total_calls',
		'total_sms',
		'billed_minutes',
		'billed_amount',
	],
	billedMinutes: ['date', 'total_calls', 'billed_minutes', 'total_sms', 'billed_amount'],
	creditReport: ['date', 'cid', 'company', 'amount', 'description', 'iid'],
	customerInvoicesServicesCallsSummary: [
		'cid',
		'name',
		'invoice_total',
		'service_fees',
		'usage',
		'credits',
	],
	customerEndedDetail: [
		'cid',
		'company',
		'accountManager',
		'serviceTypes',
		'cancellationReason',
		'lastDate',
		'avg6monthspend',
		'avgMinutes',
		'avgSms',
	],
	endedServicesDetailed: [
		'enid',
		'customer',
		'Account Manager',
		'avg_account_spend',
		'avg_service_spend',
		'cancellation_request_date',
		'churn_reason',
		'avg_minutes',
		'avg_sms',
		'start_date',
		'end_date',
		'service_type',
		'monthly_fee',
	],
	gpServices: [
		'servicetype',
		'billed_count',
		'service_cost',
		'service_sell',
		'billed_minutes',
		'usage_cost',
		'usage_sell',
		'gp',
		'gp_percent',
	],
	salesInvoiceDetail: [
		'cid',
		'company',
		'abn',
		'name',
		'surname',
		'email',
		'address',
		'iid',
		'total',
		'duedate',
		'dept_name',
	],
	customerNewDetails: [
		'cid',
		'company',
		'min_spend',
		'contract_length',
		'expected_revenue',
		'monthly_fees',
		'setup_fees',
		'service_types',
		'billinggroup',
		'bundle_fees',
	],
	newServicesSalesPersonSummary: ['sales_person', 'total_sales', 'monthly_fees'],
	newServicesSourceSummary: ['source', 'total_sales', 'monthly_fees'],
	newServices: [
		'enid',
		'cid',
		'customer',
		'start_date',
		'service_type',
		'monthly_fee',
		'newCustomer',
	],
	newServicesSummary: [
		'service_type',
		'service_count',
		'monthly_fees',
		'new_customers',
		'existing_customers',
	],
	paymentsReceivedAgedReceivables: [
		'total',
		'current',
		'overdue0',
		'overdue30',
		'overdue60',
		'overdue90',
		'overdue120',
	],
	summaryRevenuePaymentsReceived: ['month', 'revenue', 'payments'],
	engineeringCommissionLiabilityReportDetailed: [
		'vid',
		'company',
		'vendorgroup',
		'enid',
		'service_number',
		'amount',
		'invoice_date',
		'iid',
	],
	totalServicesSummary: ['service_type', 'service_count', 'monthly_fees', 'total_ex_usage'],
};

/**
 * What tells each report's rows apart: the record ids a row carries, else what the report is by; none for a
 * report of one row.
 */
const KEYS: Record<string, readonly string[]> = {
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

const listed = (report: string) => Object.prototype.hasOwnProperty.call(FIELDS, report);

/** The reports the spec lists, in its order. */
export const REPORT_NAMES: readonly string[] = Object.keys(FIELDS);

/** A listed report's row fields in the spec's order; undefined for any other name. */
export function reportFields(report: string): string[] | undefined {
	return listed(report) ? [...FIELDS[report]] : undefined;
}

/** What tells a listed report's rows apart (none for a report of one row); undefined for any other name. */
export function reportRowKey(report: string): string[] | undefined {
	return listed(report) ? [...KEYS[report]] : undefined;
}
