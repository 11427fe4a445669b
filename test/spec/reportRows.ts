/**
 * The reports' rows as the spec's "Reports" list gives them (report name: options; row fields), in its order,
 * and what tells one row of a report from another. The simulator computes these rows; the Report node's
 * columns and the Report Trigger's row keys are proven to agree with them (test/spec/reportRows.test.ts).
 * Fields a report adds per configured fee or service type are not known before it runs.
 */
export const REPORT_FIELDS: Record<string, string[]> = {
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

/** The platform's record ids as the spec names them: a customer's cid, a service's enid, an invoice's iid, a vendor's vid. */
export const RECORD_IDS = ['cid', 'enid', 'iid', 'vid'];

/** Reports whose answer is one row of totals over the range ("amounts applied to each band", fee counts). */
export const ONE_ROW_REPORTS = ['ancilliaryCharges', 'paymentsReceivedAgedReceivables'];

/**
 * The fields that tell a report's rows apart, derived from its fields: the record ids it carries (an invoice
 * line is its customer's and its invoice's); for a report without any, its first field, the thing it is by (a
 * month, a day, a call type, a service type, a sales person, a source); none for a report of one row.
 */
export function reportKey(report: string): string[] {
	const fields = REPORT_FIELDS[report] ?? [];
	if (ONE_ROW_REPORTS.includes(report)) return [];
	const ids = fields.filter((field) => RECORD_IDS.includes(field));
	return ids.length ? ids : fields.slice(0, 1);
}
