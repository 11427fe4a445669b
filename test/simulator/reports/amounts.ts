import { REPORT_AMOUNTS } from '../../spec/report';
/** Whether a field of a report's row is money (the spec source's money fields). */
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
