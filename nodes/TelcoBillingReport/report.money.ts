import type { IDataObject } from 'n8n-workflow';
import { answeredDecimal, exactNumber } from '../shared/input/money';
import { RefusedAnswer } from '../shared/platform/failure';
import { reportFields } from '../shared/platform/reportFacts';
import { moneyColumns } from './report.columns';
import { columnsOf } from './report.table';

/** A value as the error quotes it: JSON, cut short. */
function quoted(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function unreadable(index: number, column: string, value: unknown): RefusedAnswer {
	const row = `row ${index + 1}`;
	return new RefusedAnswer(
		{
			message:
				value === undefined
					? `The platform answered ${row} without its ${column}, which other rows have`
					: `The platform answered ${row}’s ${column} as ${quoted(value)}, which is not an amount`,
		},
		'unreadable',
	);
}

/**
 * An amount as event text: its exact decimal with at least two decimals and as many more as the platform gave
 * ("110.50" from 110.5, "110.5" or "110.50"; "0.125" stays "0.125"), never rounded. What a letter prints is then
 * the same whichever spelling the platform chose (the spec promises none).
 */
function moneyText(text: string): string {
	// Text work, not arithmetic: a report of 100,000 rows has 700,000 amounts. `text` is a plain decimal (the
	// reader's); most are written as they should be, or short of a zero or two.
	const point = text.indexOf('.');
	const places = point < 0 ? 0 : text.length - point - 1;
	const start = text.startsWith('-') ? 1 : 0;
	const wholeDigits = (point < 0 ? text.length : point) - start;
	const plain =
		!(text[start] === '0' && wholeDigits > 1) && !(start === 1 && /^-[0.]+$/.test(text));
	if (plain && places === 2) return text;
	if (plain && places === 1) return `${text}0`;
	if (plain && places === 0) return `${text}.00`;
	if (plain && !text.endsWith('0')) return text;
	const [whole, fraction = ''] = text.slice(start).split('.');
	const digits = whole.replace(/^0+(?=\d)/, '');
	const decimals = fraction.replace(/0+$/, '').padEnd(2, '0');
	const zero = /^0+$/.test(digits) && /^0+$/.test(decimals);
	return `${start && !zero ? '-' : ''}${digits}.${decimals}`;
}

/**
 * Every money cell of a report's rows read by the one reader of platform amounts (money.ts), before anything is
 * output or totalled: an amount it cannot read fails the report, naming the first row and value, so no total,
 * file or row set is ever given without it. Each amount comes out as a number (the platform's own number
 * kept as it is), or as its exact decimal text when a number would not carry it; with `form` 'text' always as
 * its exact decimal text with at least two decimals (moneyText: what the Report Trigger's events carry). Rows
 * are read in order, each row's columns in the order the table shows them.
 */
export function readAmounts(
	rows: IDataObject[],
	report: string,
	form: 'number' | 'text' = 'number',
): IDataObject[] {
	const columns = columnsOf(rows, reportFields(report));
	const money = moneyColumns(report, columns);
	const shown = columns.filter((column) => money.includes(column));
	return rows.map((row, index) => {
		const read: IDataObject = { ...row };
		for (const column of shown) {
			const value = row[column];
			const text = answeredDecimal(value);
			if (text === undefined) throw unreadable(index, column, value);
			if (form === 'text') read[column] = moneyText(text);
			else if (typeof value !== 'number') read[column] = exactNumber(text) ?? text;
		}
		return read;
	});
}
