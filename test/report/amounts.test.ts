import type { IDataObject } from 'n8n-workflow';
import { melbourneToday } from '../../nodes/shared/input/melbourne';
import { REPORTS } from '../../nodes/TelcoBillingReport/report.request';
import type { RunResult } from '../harness/engine';
import { jsonOf } from '../harness/nodeRunner';
import { useReport } from '../kits/report';
import { addMonths } from '../simulator/dates';
import { runReport } from '../simulator/reports';
import { isAmount, spellAmounts } from '../simulator/reports/amounts';
import { REPORT_AMOUNTS } from '../spec/report';
import type { AmountSpelling } from '../simulator/reports/amounts';
import { TRAITS } from '../simulator/traits';
import { parseCsv } from './csv';
import { shownTable } from './table';
const { node, report } = useReport();

// Every report's money, in every spelling a platform may give it (trait `reportAmounts`; the spec says numbers
// come as strings and promises no spelling), through every output (rows, one item, a CSV or HTML file). The
// spellings docs/quirks.md calls amounts are read exactly; any other fails the report, naming the first row
// and value it cannot read, and nothing is output: never a total that leaves an amount out.

const AMOUNTS: AmountSpelling[] = ['plain', 'numbers', 'bare', 'grouped', 'padded'];
const SPELLINGS = TRAITS.reportAmounts as readonly AmountSpelling[];
const OUTPUTS = [
	{ output: 'rows' },
	{ output: 'allRows' },
	{ output: 'file', fileFormat: 'csv' },
	{ output: 'file', fileFormat: 'html' },
];
// Money a report gives per row whose sum means nothing: shown as money, never totalled.
const AVERAGES = ['avg6monthspend', 'avg_account_spend', 'avg_service_spend'];

const today = melbourneToday();
// A year back by the calendar: 29 February 2028 a year back is 28 February 2027, never a date that is none.
const yearAgo = addMonths(today, -12);

function parametersOf(name: string): IDataObject {
	if (name === 'agedReceivables') return { report: name, date: today };
	if (name === 'totalServicesSummary')
		return { report: name, dateToOnly: today, reportOptions: { include_usage: true } };
	return { report: name, when: 'custom', dateFrom: yearAgo, dateTo: today };
}

/** The report's rows as the simulator computes them (money as plain text), for the request the node sent. */
function plainRows(name: string): IDataObject[] {
	const sent = node.sim().requests.filter((r) => r.url.endsWith('/report'));
	const { report_options: options } = sent[sent.length - 1].body as { report_options: IDataObject };
	const answer = runReport(node.sim().state, 1, name, options);
	if ('error' in answer) throw new Error(answer.error);
	return answer.rows as IDataObject[];
}

/** A credit reversed (a negative credit) within the range: money below zero for the spellings of negatives. */
function withReversal(): void {
	const { credits } = node.sim().state;
	const credit = credits.find((c) => c.deptid === 1 && c.date >= yearAgo)!;
	credits.push({ ...credit, id: 990001, amount: -12.5, description: 'Credit reversed' });
}

/** Exact sums of two-decimal texts, in cents. */
function sumOf(texts: string[]): string {
	const cents = texts.reduce((total, text) => total + BigInt(text.replace('.', '')), BigInt(0));
	const negative = cents < BigInt(0);
	const digits = (negative ? -cents : cents).toString().padStart(3, '0');
	return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The first money cell a spelling made into something other than an amount, row by row. */
function firstOdd(name: string, plain: IDataObject[], spelling: AmountSpelling) {
	if (AMOUNTS.includes(spelling)) return undefined;
	const spelt = spellAmounts(name, plain, spelling);
	for (let index = 0; index < plain.length; index++)
		for (const field of Object.keys(plain[index]))
			if (isAmount(name, field) && spelt[index][field] !== plain[index][field])
				return { row: index + 1, field, value: spelt[index][field] };
	return undefined;
}

function fileText(result: RunResult): string {
	return Buffer.from(result.items[0].binary!.data.data, 'base64').toString('utf8');
}

function expectRead(
	name: string,
	plain: IDataObject[],
	output: IDataObject,
	result: RunResult,
	context: string,
) {
	// Each comparison carries the spelling and output it is about.
	const same = (actual: unknown, expected: unknown) =>
		expect([context, actual]).toEqual([context, expected]);
	same(result.error?.message, undefined);
	const columns = Object.keys(plain[0]);
	const money = columns.filter((field) => isAmount(name, field));
	const totalled = money.filter((field) => !AVERAGES.includes(field));
	const totals = Object.fromEntries(
		totalled.map((field) => [field, sumOf(plain.map((row) => String(row[field])))]),
	);
	const cells = (row: IDataObject) => money.map((field) => String(row[field]));
	if (output.output === 'rows') {
		const rows = jsonOf(result);
		same(
			rows.map((row) => money.map((field) => row[field])),
			plain.map((row) => money.map((field) => Number(row[field]))),
		);
		return;
	}
	const [item] = jsonOf(result);
	same(item.count, plain.length);
	// A report whose money is only averages has no totals.
	same(item.totals, totalled.length ? totals : undefined);
	same(
		item.totalsAmounts,
		totalled.length
			? Object.fromEntries(Object.entries(totals).map(([field, sum]) => [field, Number(sum)]))
			: undefined,
	);
	if (output.output === 'allRows') {
		const rows = item.rows as IDataObject[];
		same(
			rows.map((row) => money.map((field) => row[field])),
			plain.map((row) => money.map((field) => Number(row[field]))),
		);
		return;
	}
	const at = money.map((field) => columns.indexOf(field));
	const table = shownTable(item.html as string);
	same(
		table.rows.map((row) => at.map((i) => row[i])),
		plain.map(cells),
	);
	same(
		at.filter((_, k) => totalled.includes(money[k])).map((i) => table.totals?.[i]),
		totalled.map((field) => totals[field]),
	);
	if (output.fileFormat === 'csv') {
		const lines = parseCsv(fileText(result)).slice(1);
		same(
			lines.map((line) => at.map((i) => line[i])),
			plain.map(cells),
		);
	} else same(fileText(result).includes(item.html as string), true);
}

// Every report with money (Active Customers Summary has none; a report by name has none known).
const NAMES = REPORTS.map((r) => r.value).filter((name) => name in REPORT_AMOUNTS);

describe('every report’s money in every spelling, through every output: read exactly, or the report fails', () => {
	test.each(NAMES)('%s', async (name) => {
		withReversal();
		await node.run(report(parametersOf(name)));
		const plain = plainRows(name);
		// A report without rows, or without money, would prove nothing here.
		expect(plain.length).toBeGreaterThan(0);
		expect(Object.keys(plain[0]).some((field) => isAmount(name, field))).toBe(true);
		for (const spelling of SPELLINGS) {
			node.sim().traits.reportAmounts = spelling;
			const odd = firstOdd(name, plain, spelling);
			for (const output of OUTPUTS) {
				const result = await node.run(report({ ...parametersOf(name), ...output }));
				const context = `${spelling}, ${JSON.stringify(output)}`;
				if (odd) {
					expect([context, result.items]).toEqual([context, []]);
					expect([context, result.error?.message]).toEqual([
						context,
						`The platform answered row ${odd.row}’s ${odd.field} as ${JSON.stringify(odd.value)}, which is not an amount`,
					]);
				} else {
					expectRead(name, plain, output, result, context);
				}
			}
		}
	});

	test('every spelling shows in the table: each changes some report’s money, and the odd ones fail some report', async () => {
		withReversal();
		const shown = new Set<AmountSpelling>();
		const failing = new Set<AmountSpelling>();
		for (const name of NAMES) {
			await node.run(report(parametersOf(name)));
			const plain = plainRows(name);
			for (const spelling of SPELLINGS) {
				const spelt = spellAmounts(name, plain, spelling);
				if (JSON.stringify(spelt) !== JSON.stringify(plain)) shown.add(spelling);
				if (firstOdd(name, plain, spelling)) failing.add(spelling);
			}
		}
		expect([...shown].sort()).toEqual(SPELLINGS.filter((s) => s !== 'plain').sort());
		expect([...failing].sort()).toEqual(['accounting', 'currency', 'decimalComma']);
	});
});
