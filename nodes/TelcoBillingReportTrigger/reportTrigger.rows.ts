import type { IDataObject } from 'n8n-workflow';
import { getOwn } from '../shared/input/keys';
import { RefusedAnswer } from '../shared/platform/failure';
import { shownList } from '../shared/output/output';
import { readAmounts } from '../TelcoBillingReport/report.money';
import { digest } from './reportTrigger.digest';

/**
 * A report's answer as rows: the `data` list the spec shows (an answer without it fails the poll: never read as
 * "no rows"), each row an object, every money column read by the package's one money reader into its exact
 * decimal text (an amount it cannot read fails the poll, naming the row and the value).
 */
export function reportRows(body: unknown, report: string): IDataObject[] {
	const rows = shownList(body, 'data');
	const index = rows.findIndex(
		(row) => row === null || typeof row !== 'object' || Array.isArray(row),
	);
	if (index >= 0)
		throw new RefusedAnswer({
			message: `The platform answered row ${index + 1} of the report as ${JSON.stringify(rows[index])}, not as a row of fields`,
		});
	return readAmounts(rows, report, 'text');
}

const NUMBER_TEXT = /^-?\d+\.\d+$/;

/**
 * A value as one text, the same however the platform spells it: a number and its text alike ("10.50", 10.5),
 * trailing zeros of a fraction dropped (never leading zeros: "0412" is a phone number), nothing for null and
 * absent alike, nested values by their fields in name order.
 */
export function canonical(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
	if (typeof value === 'string') {
		const text = value.trim();
		return NUMBER_TEXT.test(text) ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
	}
	if (Array.isArray(value)) return `[${value.map(canonical).join('\u0001')}]`;
	if (typeof value === 'object')
		return `{${Object.keys(value)
			.sort()
			.map((key) => `${key}\u0002${canonical(getOwn(value as IDataObject, key))}`)
			.join('\u0001')}}`;
	return String(value);
}

/** A row's own field: a column named by the user ("constructor") is never one every object inherits. */
export function cell(row: IDataObject, column: string): unknown {
	return getOwn(row, column);
}

const PLAIN_ID = /^\d{1,15}$/;

/**
 * What identifies a row by its key columns, as the trigger keeps it: the ids themselves when they are plain
 * whole numbers ("1001", "1001.80042": exact, and short), else a digest ("~" and 10 characters, 60 bits).
 */
export function keyText(row: IDataObject, columns: string[]): string {
	const values = columns.map((column) => canonical(cell(row, column)));
	if (values.length && values.every((value) => PLAIN_ID.test(value))) return values.join('.');
	return `~${digest(values.join('\u0000'), 10)}`;
}

/** A digest of what a row holds in the watched columns (8 characters, 48 bits). */
export function valueDigest(row: IDataObject, columns: string[] | undefined): string {
	const watched = (columns ?? Object.keys(row)).slice().sort();
	return digest(
		watched.map((column) => `${column}\u0002${canonical(cell(row, column))}`).join('\u0001'),
		8,
	);
}
