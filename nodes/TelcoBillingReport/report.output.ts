import type {
	IBinaryData,
	IBinaryKeyData,
	IDataObject,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { setOwn } from '../shared/input/keys';
import type { ItemOf } from '../shared/operation/operations';
import { reportFields } from '../shared/platform/reportFacts';
import { amountColumns, moneyColumns } from './report.columns';
import { headingOf } from './report.headings';
import { inert } from '../shared/output/spreadsheet';
import { readAmounts } from './report.money';
import { reportBody, REPORT_OPTIONS } from './report.request';
import { reportDays } from './report.period';
import type { ReportDays } from './report.period';
import { columnsOf, toCsv, toHtmlDocument, toHtmlTable, totalsOf } from './report.table';

function labelOf(report: string): string {
	return REPORT_OPTIONS.find((option) => option.value === report)?.name ?? report;
}

function datesOf({ from, to, on }: ReportDays, separator: string): string {
	if (on) return on;
	if (from && to) return from === to ? from : `${from}${separator}${to}`;
	return '';
}

/** "billed-minutes_2026-11-01_to_2026-11-15.csv": which report, which dates. */
function fileNameOf(report: string, days: ReportDays, extension: string): string {
	const name = labelOf(report)
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '');
	const dates = datesOf(days, '_to_');
	return `${name || 'report'}${dates ? `_${dates}` : ''}.${extension}`;
}

/**
 * An item Continue On Fail made of a failure (the whole report, or a row the platform refused): passed
 * on as it is, never folded into a table as if it were a row.
 */
function isFailure({ context }: ItemOf, item: INodeExecutionData): boolean {
	return (
		item.error !== undefined || (context.continueOnFail() && typeof item.json.error === 'string')
	);
}

/** The operation's `shapeItems`, after its answer made one item per row: the rows as one item, or as a file. */
export async function shapeOutput(
	items: INodeExecutionData[],
	from: ItemOf,
): Promise<INodeExecutionData[]> {
	const { input } = from;
	const output = String(input.param('output', 'rows'));
	if (items.some((item) => isFailure(from, item))) return items;
	const { report, report_options: options } = reportBody(input) as {
		report: string;
		report_options: IDataObject;
	};
	// Every output alike: an amount that cannot be read fails the report before any row, total or file.
	const rows = readAmounts(
		items.map((item) => item.json),
		report,
	);
	if (output === 'rows') return items.map((item, index) => ({ ...item, json: rows[index] }));
	const columns = columnsOf(rows, reportFields(report));
	const amounts = amountColumns(report, columns);
	const totals = amounts.length ? totalsOf(rows, amounts) : undefined;
	const totalsJson = totals ? { totals: totals.shown, totalsAmounts: totals.amounts } : {};
	const pairedItem = { item: from.index };
	if (output === 'allRows') {
		return [{ json: { rows, count: rows.length, ...totalsJson }, pairedItem }];
	}
	const days = reportDays(options);
	const layout = {
		columns,
		// A heading may be the platform's own data (a service type's name): inert like any text cell.
		headings: columns.map((column) => inert(headingOf(report, column))),
		money: moneyColumns(report, columns),
	};
	const html = toHtmlTable(rows, layout, totals?.shown);
	const format = String(input.param('fileFormat', 'csv'));
	const fileName = fileNameOf(report, days, format === 'html' ? 'html' : 'csv');
	const title = [labelOf(report), datesOf(days, ' to ')].filter(Boolean).join(', ');
	const content = format === 'html' ? toHtmlDocument(title, html) : toCsv(rows, layout);
	const field = String(input.param('binaryPropertyName', 'data')).trim();
	const file = await from.context.helpers.prepareBinaryData(
		Buffer.from(content, 'utf8'),
		fileName,
		format === 'html' ? 'text/html' : 'text/csv',
	);
	return [
		{
			json: {
				report: labelOf(report),
				fileName,
				count: rows.length,
				...totalsJson,
				html,
			},
			binary: binaryAt(field, file),
			pairedItem,
		},
	];
}

/** The item's binary data with the file under the field the user named (any name, "__proto__" too). */
function binaryAt(field: string, file: IBinaryData): IBinaryKeyData {
	const binary: IBinaryKeyData = {};
	setOwn(binary, field, file);
	return binary;
}

const inFile = { show: { output: ['file'] } };

/** How the report comes out: the Output choice and, for a file, its format and field. */
export const outputFields: INodeProperties[] = [
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'File',
				value: 'file',
				description:
					'One item with the report as a file (CSV or HTML), and the HTML table in `html` for an email body',
			},
			{
				name: 'One Item per Row',
				value: 'rows',
				description: 'Each row of the report as its own item',
			},
			{
				name: 'One Item With All Rows',
				value: 'allRows',
				description:
					'One item: `rows`, `count`, and the money columns’ `totals` as the table shows them ' +
					'(text, two decimals) with `totalsAmounts` as numbers',
			},
		],
		default: 'rows',
		description: 'How the report’s rows come out',
	},
	{
		displayName: 'File Format',
		name: 'fileFormat',
		type: 'options',
		options: [
			{ name: 'CSV', value: 'csv', description: 'A header row, then one line per row' },
			{ name: 'HTML Table', value: 'html', description: 'A page holding the table' },
		],
		default: 'csv',
		displayOptions: inFile,
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
		displayOptions: inFile,
	},
];
