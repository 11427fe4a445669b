import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { getOwn } from '../shared/input/keys';
import { reportFields } from '../shared/platform/reportFacts';

/**
 * Order By's dropdown: the chosen report's row fields as the spec lists them (shared/platform/reportFacts.ts), in
 * its order; a report by name has none known, and an expression can still name what it adds per fee or service type.
 */
export async function getReportColumns(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const report = String(this.getCurrentNodeParameter('report') ?? '');
	return (reportFields(report) ?? []).map((column) => ({ name: column, value: column }));
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
	const known = getOwn(AMOUNT_COLUMNS, report) ?? [];
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
	const averages = (getOwn(AVERAGE_AMOUNTS, report) ?? []).filter((column) =>
		columns.includes(column),
	);
	return [...amountColumns(report, columns), ...averages];
}
