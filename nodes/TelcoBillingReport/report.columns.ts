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

const BANDS: Record<string, string> = {
	current: 'Current (Not Yet Due)',
	overdue0: '1-29 Days Overdue',
	overdue30: '30-59 Days Overdue',
	overdue60: '60-89 Days Overdue',
	overdue90: '90-119 Days Overdue',
	overdue120: '120+ Days Overdue',
};

/**
 * What a finance person reads over a field the reports share, whichever report gives it (one by name too). ASCII
 * only: a spreadsheet opens a CSV without a byte order mark in its own code page.
 */
const HEADINGS: Record<string, string> = {
	...BANDS,
	abn: 'ABN',
	accountManager: 'Account Manager',
	address: 'Address',
	amount: 'Amount',
	avg_account_spend: 'Average Account Spend',
	avg_minutes: 'Average Minutes',
	avg_service_spend: 'Average Service Spend',
	avg_sms: 'Average SMS',
	avg6monthspend: 'Average Spend (6 Months)',
	avgMinutes: 'Average Minutes',
	avgSms: 'Average SMS',
	balance: 'Balance',
	billed_amount: 'Billed Amount',
	billed_count: 'Services Billed',
	billed_minutes: 'Billed Minutes',
	billinggroup: 'Billing Group',
	bundle_fees: 'Bundle Fees',
	call_type: 'Call Type',
	cancellation_request_date: 'Cancellation Requested',
	cancellationReason: 'Cancellation Reason',
	churn_reason: 'Churn Reason',
	cid: 'Customer ID',
	company: 'Company',
	contract_length: 'Contract Length (Months)',
	credits: 'Credits',
	customer: 'Customer',
	date: 'Date',
	dept_name: 'Department',
	description: 'Description',
	display_name: 'Customer',
	duedate: 'Due Date',
	email: 'Email',
	end_customers: 'Ended Customers',
	end_date: 'End Date',
	enid: 'Service ID',
	existing_customers: 'Existing Customers',
	expected_revenue: 'Expected Revenue',
	gp: 'Gross Profit',
	gp_percent: 'Gross Profit %',
	iid: 'Invoice ID',
	invoice_date: 'Invoice Date',
	invoice_total: 'Invoice Total',
	lastDate: 'Date Ended',
	min_spend: 'Minimum Spend',
	month: 'Month',
	monthly_fee: 'Monthly Fee',
	monthly_fees: 'Monthly Fees',
	name: 'Name',
	new_customers: 'New Customers',
	newCustomer: 'New Customer',
	payments: 'Payments Received',
	revenue: 'Revenue (Invoiced)',
	sales_person: 'Sales Person',
	service_count: 'Services',
	service_cost: 'Service Cost',
	service_fees: 'Service Fees',
	service_number: 'Service Number',
	service_sell: 'Service Revenue',
	service_type: 'Service Type',
	service_types: 'Service Types',
	services: 'Services',
	servicetype: 'Service Type',
	serviceTypes: 'Service Types',
	setup_fees: 'Setup Fees',
	source: 'Source',
	start_date: 'Start Date',
	surname: 'Surname',
	total: 'Total',
	total_calls: 'Calls',
	total_customers: 'Total Customers',
	total_ex_usage: 'Total with Usage',
	total_sales: 'Total Sales',
	total_sms: 'SMS',
	usage: 'Usage',
	usage_cost: 'Usage Cost',
	usage_sell: 'Usage Revenue',
	vendorgroup: 'Vendor Group',
	vid: 'Vendor ID',
};

/** Where one report's field means more than the shared heading says: its tax as the spec gives it, its unit. */
const REPORT_HEADINGS: Record<string, Record<string, string>> = {
	activeCustomersSummary: { date: 'Month' },
	creditReport: { amount: 'Amount (Ex Tax)' },
	customerInvoicesServicesCallsSummary: {
		name: 'Customer',
		invoice_total: 'Invoice Total (Inc Tax)',
		service_fees: 'Service Fees (Ex Tax)',
		usage: 'Usage (Ex Tax)',
		credits: 'Credits (Inc Tax)',
	},
	engineeringCommissionLiabilityReportDetailed: { amount: 'Commission Amount' },
	paymentsReceivedAgedReceivables: { total: 'Total Received' },
	salesInvoiceDetail: { name: 'First Name', total: 'Invoice Total (Inc Tax)' },
};

/** "paper_bill" → "Paper Bill", "amountPaid" → "Amount Paid": a field name no list knows, spelt out. */
function spelledOut(field: string): string {
	return field
		.replace(/_/g, ' ')
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

/** The heading over a report's column in its table and its CSV. */
export function headingOf(report: string, column: string): string {
	const known = REPORT_HEADINGS[report]?.[column] ?? HEADINGS[column];
	if (known) return known;
	// Ancillary Charges adds a count and an amount (ex tax, as its others) for each fee type configured.
	const fee = /^(\w+)_fee_(count|amount)$/.exec(column);
	if (report === 'ancilliaryCharges' && fee)
		return `${spelledOut(fee[1])} Fee ${fee[2] === 'count' ? 'Count' : 'Amount (Ex Tax)'}`;
	// A field named by the platform's own data (a service type's name in the by-person summaries) stays as named.
	return /^[a-z][A-Za-z0-9_]*$/.test(column) ? spelledOut(column) : column;
}
