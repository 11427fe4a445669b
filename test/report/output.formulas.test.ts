import type { IDataObject } from 'n8n-workflow';
import Fastify from 'fastify';
import { reportFields } from '../../nodes/shared/platform/reportFacts';
import { REPORTS } from '../../nodes/TelcoBillingReport/report.request';
import type { RunResult } from '../harness/engine';
import { useReport } from '../kits/report';
import { isAmount } from '../simulator/reports/amounts';
import { parseCsv } from './csv';
import { shownTable } from './table';
const { node, report } = useReport();

// A company or description beginning with =, +, -, @ (=HYPERLINK(…)) was written into the report file as it
// is; finance opens it in a spreadsheet, which runs it (OWASP: CSV injection). Every text cell a spreadsheet
// would run is written with a single quote before it, in the CSV and the HTML table alike (a spreadsheet opens
// both), headings from the platform's data too; money stays a number, -5.00 included.

/** Text a spreadsheet runs as a formula (OWASP's characters, their full-width forms) beside text it does not. */
const TEXTS = [
	'=HYPERLINK("http://evil.example","Refund")',
	'+1+1',
	'-2+3',
	'@SUM(A1:A2)',
	'\t=1+1',
	'\r=1+1',
	'＝1+1',
	'Credit;=1+1',
	'-3',
	'Acme Pty Ltd',
];
/** A column the platform names from its own data (a service type's name in the by-person summaries). */
const PLATFORM_COLUMN = '=SUM(A1:A9)';

const TRIGGER = /^[=+\-@\t\r＝＋－＠]/;

/** What the file must show for a text cell: a single quote before what a spreadsheet would run. */
function neutral(text: string): string {
	const lead = TRIGGER.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
	return lead.replace(/;(?=[=+\-@\t\r＝＋－＠])/g, ";'");
}

const NAMES = REPORTS.map((r) => r.value);
const nameOf = (value: string) => (value === 'other' ? 'invoiceSummary' : value);

function rowsOf(name: string): IDataObject[] {
	const columns = [...(reportFields(name) ?? ['description', 'amount']), PLATFORM_COLUMN];
	return [0, 1].map((row) =>
		Object.fromEntries(
			columns.map((column, i) => [
				column,
				isAmount(name, column)
					? row === 0
						? '-5.00'
						: '12.50'
					: TEXTS[(i + row * 3) % TEXTS.length],
			]),
		),
	);
}

const server = Fastify({ logger: false, forceCloseConnections: true });
let url = '';
server.post('/*', async (request) => ({
	succes: true,
	data: rowsOf((request.body as { report: string }).report),
}));
beforeAll(async () => {
	url = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => await server.close());

function fileText(result: RunResult): string {
	return Buffer.from(result.items[0].binary!.data.data, 'base64').toString('utf8');
}

describe('report files safe to open: text a spreadsheet would run is neutralised, money stays a number', () => {
	test.each(NAMES.flatMap((name) => [[name, 'csv'] as const, [name, 'html'] as const]))(
		'%s as %s',
		async (value, fileFormat) => {
			const name = nameOf(value);
			const result = await node.run(
				report({
					report: value,
					reportName: name,
					when: 'last month',
					date: '2026-11-30',
					dateToOnly: '2026-11-30',
					output: 'file',
					fileFormat,
				}),
				{ baseUrl: url },
			);
			expect(result.error).toBeUndefined();
			const rows = rowsOf(name);
			const columns = Object.keys(rows[0]);
			// Each cell as the file must show it: money as the number it is, text neutralised.
			const expected = rows.map((row) =>
				columns.map((column) =>
					isAmount(name, column) ? String(row[column]) : neutral(String(row[column])),
				),
			);
			const table = shownTable(result.items[0].json.html as string);
			expect(table.rows).toEqual(expected);
			expect(table.headings[columns.indexOf(PLATFORM_COLUMN)]).toBe(`'${PLATFORM_COLUMN}`);
			if (fileFormat === 'csv') {
				const [headings, ...lines] = parseCsv(fileText(result));
				expect(lines).toEqual(expected);
				expect(headings).toEqual(table.headings);
			} else expect(fileText(result)).toContain(result.items[0].json.html as string);
			// No cell of the file begins with what a spreadsheet runs, but money and plain numbers.
			const cells = [...table.headings, ...table.rows.flat()];
			for (const cell of cells)
				if (TRIGGER.test(cell)) expect([cell, /^-?\d+(\.\d+)?$/.test(cell)]).toEqual([cell, true]);
			expect(expected.flat()).toContain(`'${TEXTS[0]}`);
		},
	);
});
