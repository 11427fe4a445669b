/**
 * The money fields of each report's rows, as the spec names them (amounts, balances, fees, spends): what the
 * `reportAmounts` trait spells. Counts, minutes and percentages are not money. Ancillary Charges adds a
 * `<type>_fee_amount` per fee type configured.
 */
export const REPORT_AMOUNTS: Record<string, string[]> = {
	agedReceivables: [
		'balance',
		'current',
		'overdue0',
		'overdue30',
		'overdue60',
		'overdue90',
		'overdue120',
	],
	ancilliaryCharges: ['late_fee_amount', 'payment_fee_amount'],
	billedMinutesDetailed: ['billed_amount'],
	billedMinutes: ['billed_amount'],
	creditReport: ['amount'],
	customerInvoicesServicesCallsSummary: ['invoice_total', 'service_fees', 'usage', 'credits'],
	customerEndedDetail: ['avg6monthspend'],
	endedServicesDetailed: ['avg_account_spend', 'avg_service_spend', 'monthly_fee'],
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

/** Whether a field of a report's row is money. */
export function isAmount(report: string, field: string): boolean {
	return (
		(REPORT_AMOUNTS[report] ?? []).includes(field) ||
		(report === 'ancilliaryCharges' && field.endsWith('_fee_amount'))
	);
}

/** The ways a platform may spell an amount in a report row (trait `reportAmounts`), from its plain text. */
export const AMOUNT_SPELLINGS = {
	/** As the simulator computes it: "1234.50", "-12.50". */
	plain: (text: string): unknown => text,
	/** A JSON number: 1234.5. */
	numbers: (text: string): unknown => Number(text),
	/** The shortest text: "1234.5", "10". */
	bare: (text: string): unknown => String(Number(text)),
	/** Thousands separated (PHP's number_format): "1,234.50"; below 1,000 as plain. */
	grouped: (text: string): unknown => {
		const [whole, fraction] = text.replace('-', '').split('.');
		const sign = text.startsWith('-') ? '-' : '';
		return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}`;
	},
	/** Right-aligned in a fixed width, as printf("%12.2f") writes it: "     1234.50". */
	padded: (text: string): unknown => text.padStart(12, ' '),
	/** Negatives in parentheses, as accounts show them: "(12.50)"; others as plain. */
	accounting: (text: string): unknown => (text.startsWith('-') ? `(${text.slice(1)})` : text),
	/** With the currency sign: "$1234.50", "-$12.50". */
	currency: (text: string): unknown => (text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`),
	/** A decimal comma, as a European locale writes it: "1234,50". */
	decimalComma: (text: string): unknown => text.replace('.', ','),
};

export type AmountSpelling = keyof typeof AMOUNT_SPELLINGS;

/** A report's rows with their money spelt another way (plain money text in, as the reports compute it). */
export function spellAmounts(
	report: string,
	rows: Array<Record<string, unknown>>,
	spelling: AmountSpelling,
): Array<Record<string, unknown>> {
	if (spelling === 'plain') return rows;
	return rows.map((row) =>
		Object.fromEntries(
			Object.entries(row).map(([field, value]) => [
				field,
				isAmount(report, field) && typeof value === 'string'
					? AMOUNT_SPELLINGS[spelling](value)
					: value,
			]),
		),
	);
}
