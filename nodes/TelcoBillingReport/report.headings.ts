import { getOwn } from '../shared/input/keys';

/** The receivables bands as the spec defines them (Aged Receivables, Payments Received (Aged Receivables)). */
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
	// Report and column are data (Report → Other; a column the platform names): read as own keys only.
	const forReport = getOwn(REPORT_HEADINGS, report);
	const known = (forReport && getOwn(forReport, column)) ?? getOwn(HEADINGS, column);
	if (known) return known;
	// Ancillary Charges adds a count and an amount (ex tax, as its others) for each fee type configured.
	const fee = /^(\w+)_fee_(count|amount)$/.exec(column);
	if (report === 'ancilliaryCharges' && fee)
		return `${spelledOut(fee[1])} Fee ${fee[2] === 'count' ? 'Count' : 'Amount (Ex Tax)'}`;
	// A field named by the platform's own data (a service type's name in the by-person summaries) stays as named.
	return /^[a-z][A-Za-z0-9_]*$/.test(column) ? spelledOut(column) : column;
}
