import type { IDataObject } from 'n8n-workflow';
import Fastify from 'fastify';
import type { RunResult } from '../harness/engine';
import { useReport } from '../kits/report';
import { parseCsv } from './csv';
import { shownTable } from './table';
const { node, report } = useReport();

// Each report's row fields as the spec lists them ("Reporting", in its order), with the heading a finance
// person reads over each in the emailed table and in the CSV attached. Tax is named where the spec says it.
const HEADINGS: Record<string, Array<[string, string]>> = {
	activeCustomersSummary: [
		['date', 'Month'],
		['new_customers', 'New Customers'],
		['end_customers', 'Ended Customers'],
		['total_customers', 'Total Customers'],
	],
	agedReceivables: [
		['cid', 'Customer ID'],
		['display_name', 'Customer'],
		['balance', 'Balance'],
		['current', 'Current (Not Yet Due)'],
		['overdue0', '1-29 Days Overdue'],
		['overdue30', '30-59 Days Overdue'],
		['overdue60', '60-89 Days Overdue'],
		['overdue90', '90-119 Days Overdue'],
		['overdue120', '120+ Days Overdue'],
	],
	ancilliaryCharges: [
		['late_fee_count', 'Late Fee Count'],
		['late_fee_amount', 'Late Fee Amount (Ex Tax)'],
		['payment_fee_count', 'Payment Fee Count'],
		['payment_fee_amount', 'Payment Fee Amount (Ex Tax)'],
		// The pair the platform adds for each fee type it has configured.
		['paper_bill_fee_count', 'Paper Bill Fee Count'],
		['paper_bill_fee_amount', 'Paper Bill Fee Amount (Ex Tax)'],
	],
	billedMinutesDetailed: [
		['call_type', 'Call Type'],
		['total_calls', 'Calls'],
		['total_sms', 'SMS'],
		['billed_minutes', 'Billed Minutes'],
		['billed_amount', 'Billed Amount'],
	],
	billedMinutes: [
		['date', 'Date'],
		['total_calls', 'Calls'],
		['billed_minutes', 'Billed Minutes'],
		['total_sms', 'SMS'],
		['billed_amount', 'Billed Amount'],
	],
	creditReport: [
		['date', 'Date'],
		['cid', 'Customer ID'],
		['company', 'Company'],
		['amount', 'Amount (Ex Tax)'],
		['description', 'Description'],
		['iid', 'Invoice ID'],
	],
	customerInvoicesServicesCallsSummary: [
		['cid', 'Customer ID'],
		['name', 'Customer'],
		['invoice_total', 'Invoice Total (Inc Tax)'],
		['service_fees', 'Service Fees (Ex Tax)'],
		['usage', 'Usage (Ex Tax)'],
		['credits', 'Credits (Inc Tax)'],
	],
	customerEndedDetail: [
		['cid', 'Customer ID'],
		['company', 'Company'],
		['accountManager', 'Account Manager'],
		['serviceTypes', 'Service Types'],
		['cancellationReason', 'Cancellation Reason'],
		['lastDate', 'Date Ended'],
		['avg6monthspend', 'Average Spend (6 Months)'],
		['avgMinutes', 'Average Minutes'],
		['avgSms', 'Average SMS'],
	],
	endedServicesDetailed: [
		['enid', 'Service ID'],
		['customer', 'Customer'],
		['Account Manager', 'Account Manager'],
		['avg_account_spend', 'Average Account Spend'],
		['avg_service_spend', 'Average Service Spend'],
		['cancellation_request_date', 'Cancellation Requested'],
		['churn_reason', 'Churn Reason'],
		['avg_minutes', 'Average Minutes'],
		['avg_sms', 'Average SMS'],
		['start_date', 'Start Date'],
		['end_date', 'End Date'],
		['service_type', 'Service Type'],
		['monthly_fee', 'Monthly Fee'],
	],
	gpServices: [
		['servicetype', 'Service Type'],
		['billed_count', 'Services Billed'],
		['service_cost', 'Service Cost'],
		['service_sell', 'Service Revenue'],
		['billed_minutes', 'Billed Minutes'],
		['usage_cost', 'Usage Cost'],
		['usage_sell', 'Usage Revenue'],
		['gp', 'Gross Profit'],
		['gp_percent', 'Gross Profit %'],
	],
	salesInvoiceDetail: [
		['cid', 'Customer ID'],
		['company', 'Company'],
		['abn', 'ABN'],
		['name', 'First Name'],
		['surname', 'Surname'],
		['email', 'Email'],
		['address', 'Address'],
		['iid', 'Invoice ID'],
		['total', 'Invoice Total (Inc Tax)'],
		['duedate', 'Due Date'],
		['dept_name', 'Department'],
	],
	customerNewDetails: [
		['cid', 'Customer ID'],
		['company', 'Company'],
		['min_spend', 'Minimum Spend'],
		['contract_length', 'Contract Length (Months)'],
		['expected_revenue', 'Expected Revenue'],
		['monthly_fees', 'Monthly Fees'],
		['setup_fees', 'Setup Fees'],
		['service_types', 'Service Types'],
		['billinggroup', 'Billing Group'],
		['bundle_fees', 'Bundle Fees'],
		['services', 'Services'],
	],
	newServicesSalesPersonSummary: [
		['sales_person', 'Sales Person'],
		['total_sales', 'Total Sales'],
		['monthly_fees', 'Monthly Fees'],
		// A count per service type, named as the platform names the type.
		['NBN 100/40', 'NBN 100/40'],
	],
	newServicesSourceSummary: [
		['source', 'Source'],
		['total_sales', 'Total Sales'],
		['monthly_fees', 'Monthly Fees'],
		['Mobile SIM', 'Mobile SIM'],
	],
	newServices: [
		['enid', 'Service ID'],
		['cid', 'Customer ID'],
		['customer', 'Customer'],
		['start_date', 'Start Date'],
		['service_type', 'Service Type'],
		['monthly_fee', 'Monthly Fee'],
		['newCustomer', 'New Customer'],
	],
	newServicesSummary: [
		['service_type', 'Service Type'],
		['service_count', 'Services'],
		['monthly_fees', 'Monthly Fees'],
		['new_customers', 'New Customers'],
		['existing_customers', 'Existing Customers'],
	],
	paymentsReceivedAgedReceivables: [
		['total', 'Total Received'],
		['current', 'Current (Not Yet Due)'],
		['overdue0', '1-29 Days Overdue'],
		['overdue30', '30-59 Days Overdue'],
		['overdue60', '60-89 Days Overdue'],
		['overdue90', '90-119 Days Overdue'],
		['overdue120', '120+ Days Overdue'],
	],
	summaryRevenuePaymentsReceived: [
		['month', 'Month'],
		['revenue', 'Revenue (Invoiced)'],
		['payments', 'Payments Received'],
	],
	engineeringCommissionLiabilityReportDetailed: [
		['vid', 'Vendor ID'],
		['company', 'Company'],
		['vendorgroup', 'Vendor Group'],
		['enid', 'Service ID'],
		['service_number', 'Service Number'],
		['amount', 'Commission Amount'],
		['invoice_date', 'Invoice Date'],
		['iid', 'Invoice ID'],
	],
	totalServicesSummary: [
		['service_type', 'Service Type'],
		['service_count', 'Services'],
		['monthly_fees', 'Monthly Fees'],
		// Only with Include Usage: the monthly fees with the usage from the first of the month.
		['total_ex_usage', 'Total with Usage'],
	],
};

// One row of each report, every field the spec lists filled.
const server = Fastify({ logger: false, forceCloseConnections: true });
let url = '';
// A report the spec names only in examples: some fields the documented reports have, some of its own.
const INVOICE_SUMMARY = ['cid', 'iid', 'invoice_total', 'overdue0', 'amount_paid', 'paidBy'];
server.post('/*', async (request) => {
	const name = (request.body as { report: string }).report;
	const fields = HEADINGS[name] ?? INVOICE_SUMMARY.map((field) => [field]);
	return { succes: true, data: [Object.fromEntries(fields.map(([field], i) => [field, i + 1]))] };
});
beforeAll(async () => {
	url = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => await server.close());

const file = async (parameters: IDataObject) =>
	await node.run(
		report({ when: 'last month', date: '2026-11-30', output: 'file', ...parameters }),
		{
			baseUrl: url,
		},
	);
const csvHeader = (result: RunResult) =>
	parseCsv(Buffer.from(result.items[0].binary!.data.data, 'base64').toString('utf8'))[0];

test('the spec documents these 20 reports', () => {
	expect(Object.keys(HEADINGS)).toHaveLength(20);
});

describe('every column is headed by a name a finance person reads, in the table and in the CSV', () => {
	test.each(Object.entries(HEADINGS))('%s', async (name, columns) => {
		const result = await file({ report: name, dateToOnly: '2026-11-30' });
		expect(result.error).toBeUndefined();
		const headings = columns.map(([, heading]) => heading);
		expect(shownTable(result.items[0].json.html as string).headings).toEqual(headings);
		expect(csvHeader(result)).toEqual(headings);
	});
});

test('a report by name: the fields it shares with the documented reports headed as there, others spelt out', async () => {
	const result = await file({ report: 'other', reportName: 'invoiceSummary' });
	expect(shownTable(result.items[0].json.html as string).headings).toEqual([
		'Customer ID',
		'Invoice ID',
		'Invoice Total',
		'1-29 Days Overdue',
		'Amount Paid',
		'Paid By',
	]);
});
