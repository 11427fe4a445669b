import type { IDataObject } from 'n8n-workflow';
import { getOwn } from '../shared/input/keys';
import { answeredDecimal, centsText, exactTotal } from '../shared/input/money';
import { inert } from '../shared/output/spreadsheet';

/** The columns of a report's rows, in the order they first appear (the known ones when there are no rows). */
export function columnsOf(rows: IDataObject[], known: string[] = []): string[] {
	const columns = new Set<string>(rows.length ? [] : known);
	for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
	return [...columns];
}

/** A money cell's exact decimal text: the rows were read by readAmounts (report.money.ts), so never skipped. */
function amountOf(value: unknown): string {
	const text = answeredDecimal(value);
	if (text === undefined)
		throw new Error(`A report amount was not read before it was used: ${String(value)}`);
	return text;
}

/**
 * The sum of each amount column, exactly as the rows give it (0.1 + 0.2 is 0.3, and 4-decimal amounts keep
 * their decimals, never rounded to cents row by row), as decimal text.
 */
function exactTotals(rows: IDataObject[], amounts: string[]): Record<string, string> {
	const totals: Record<string, string> = {};
	for (const column of amounts) {
		const lines = rows.map((row) => ({ amount: amountOf(getOwn(row, column)), quantity: 1 }));
		totals[column] = exactTotal(lines);
	}
	return totals;
}

/** What a report's money columns add up to, in its two forms. */
export interface Totals {
	/** As the table's Total row shows them: two decimals, as text (what an email writes as it is). */
	shown: IDataObject;
	/** The exact sums as numbers, for expressions that compute with them. */
	amounts: IDataObject;
}

export function totalsOf(rows: IDataObject[], amounts: string[]): Totals {
	const exact = Object.entries(exactTotals(rows, amounts));
	return {
		shown: Object.fromEntries(exact.map(([column, sum]) => [column, centsText(sum)])),
		amounts: Object.fromEntries(exact.map(([column, sum]) => [column, Number(sum)])),
	};
}

/** The columns a report's table and CSV show, what each is headed, and which of them hold money. */
export interface Layout {
	columns: string[];
	/** One a column, in the columns' order. */
	headings: string[];
	money: string[];
}

/** A value as text: nested values (a customer's services) as JSON, nothing for null. */
function text(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'object') return JSON.stringify(value);
	return String(value);
}

/**
 * A cell as the table and the CSV both show it: money with two decimals (415.80, never 415.8 or a float's
 * 0.30000000000000004, and -5.00 a number still), a number as given, text as a spreadsheet shows it without
 * running it (shared/output/spreadsheet.ts).
 */
function shown(value: unknown, money: boolean): string {
	if (money) return centsText(amountOf(value));
	return typeof value === 'number' ? text(value) : inert(text(value));
}

function csvField(cell: string): string {
	return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** RFC 4180 CSV: a header row, then one line per row, CRLF line ends. */
export function toCsv(rows: IDataObject[], { columns, headings, money }: Layout): string {
	const lines = [
		headings,
		...rows.map((row) =>
			columns.map((column) => shown(getOwn(row, column), money.includes(column))),
		),
	];
	return lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const ESCAPES: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&#39;',
};

export function escapeHtml(value: unknown): string {
	return text(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

// Inline styles: mail clients drop <style> blocks.
const CELL = 'padding:4px 8px;border:1px solid #d0d7de';
const NUMBER_CELL = `${CELL};text-align:right`;

function cell(tag: 'td' | 'th', value: unknown, money: boolean): string {
	const style = money || typeof value === 'number' ? NUMBER_CELL : CELL;
	return `<${tag} style="${style}">${escapeHtml(shown(value, money))}</${tag}>`;
}

/** An HTML table for a mail body: headings, one row per row (money with 2 decimals), a Total row. */
export function toHtmlTable(rows: IDataObject[], layout: Layout, totals?: IDataObject): string {
	const { columns, headings, money } = layout;
	const isMoney = (column: string) => money.includes(column);
	const head = headings.map(
		(heading) => `<th style="${CELL};background:#f3f4f6">${escapeHtml(heading)}</th>`,
	);
	const body = rows.length
		? rows.map(
				(row) => `<tr>${columns.map((c) => cell('td', getOwn(row, c), isMoney(c))).join('')}</tr>`,
			)
		: [`<tr><td style="${CELL}" colspan="${Math.max(columns.length, 1)}">No rows</td></tr>`];
	const foot =
		totals && rows.length && Object.keys(totals).length
			? `<tfoot><tr>${columns
					.map((c, i) =>
						getOwn(totals, c) !== undefined
							? cell('th', getOwn(totals, c), true)
							: `<th style="${CELL};text-align:left">${i === 0 ? 'Total' : ''}</th>`,
					)
					.join('')}</tr></tfoot>`
			: '';
	return (
		'<table style="border-collapse:collapse;font-family:Arial,sans-serif;font-size:13px">' +
		`<thead><tr>${head.join('')}</tr></thead><tbody>${body.join('')}</tbody>${foot}</table>`
	);
}

/** The same table as a file of its own. */
export function toHtmlDocument(title: string, table: string): string {
	return (
		`<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
		`<body><h1 style="font-family:Arial,sans-serif;font-size:16px">${escapeHtml(title)}</h1>${table}</body></html>\n`
	);
}
