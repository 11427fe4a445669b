import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

/**
 * The row fields the spec gives for each report: what Order By can name. Fields a report adds per
 * configured fee or service type (ancilliaryCharges, the by-person and by-source summaries) are not
 * known before it runs; an expression can still name them.
 */
export const REPORT_COLUMNS: Record<string, string[]> = {
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

/** Order By's dropdown: the chosen report's columns, in the spec's order (a report by name has none known). */
export async function getReportColumns(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const report = String(this.getCurrentNodeParameter('report') ?? '');
	return (REPORT_COLUMNS[report] ?? []).map((column) => ({ name: column, value: column }));
}

/**
 * The money columns of each report that add up: what One Item With All Rows and File total. Averages,
 * percentages, counts and minimums per customer are left out (their sum means nothing).
 */
export const AMOUNT_COLUMNS: Record<string, string[]> = {
	agedReceivables: [
		'balance',
		'current',
		'overdue0',
		'overdue30',
		'overdue60',
		'overdue90',
		'overdue120',
	],
	billedMinutesDetailed: ['billed_amount'],
	billedMinutes: ['billed_amount'],
	creditReport: ['amount'],
	customerInvoicesServicesCallsSummary: ['invoice_total', 'service_fees', 'usage', 'credits'],
	endedServicesDetailed: ['monthly_fee'],
	gpServices: ['service_cost', 'service_sell', 'usage_cost', 'usage_sell', 'gp'],
	salesInvoiceDetail: ['total'],
	customerNewDetails: [
		'min_spend',
		'expected_revenue',
		'monthly_fees',
		'setup_fees',
		'bundle_fees',
	],
	newServicesSalesPersonSummary: ['monthly_fees'],
	newServicesSourceSummary: ['monthly_fees'],
	newServices: ['monthly_fee'],
	newServicesSummary: ['monthly_fees'],
	paymentsReceivedAgedReceivables: [
		'total',
		'current',
		'overdue0',
		'overdue30',
		'overdue60',
		'overdue90',
		'overdue120',
	],
	summaryRevenuePaymentsReceived: ['revenue', 'payments'],
	engineeringCommissionLiabilityReportDetailed: ['amount'],
	totalServicesSummary: ['monthly_fees', 'total_ex_usage'],
};

/** The amount columns of a report's rows, with the per-fee-type `<type>_fee_amount` pairs a report adds. */
export function amountColumns(report: string, columns: string[]): string[] {
	const known = AMOUNT_COLUMNS[report] ?? [];
	const dynamic =
		report === 'ancilliaryCharges'
			? columns.filter((column) => column.endsWith('_fee_amount'))
			: [];
	return [...new Set([...known, ...dynamic])].filter((column) => columns.includes(column));
}

/** Money a report gives per row that means nothing summed (averages): shown as money, not totalled. */
const AVERAGE_AMOUNTS: Record<string, string[]> = {
	customerEndedDetail: ['avg6monthspend'],
	endedServicesDetailed: ['avg_account_spend', 'avg_service_spend'],
};

/** The columns of a report's rows that hold money: what the table and the CSV show with two decimals. */
export function moneyColumns(report: string, columns: string[]): string[] {
	const averages = (AVERAGE_AMOUNTS[report] ?? []).filter((column) => columns.includes(column));
	return [...amountColumns(report, columns), ...averages];
}
