import type { IDataObject } from 'n8n-workflow';
import Fastify from 'fastify';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { jsonOf } from '../harness/nodeRunner';
import { useReport } from '../kits/report';
import { melbourneNow } from '../simulator/melbourne';
import { parseCsv } from './csv';
import { shownTable } from './table';
import { range } from '../simulator/reports';
import { periodDays } from '../../nodes/TelcoBillingReport/report.period';
import { WHEN } from '../spec/report';
const { node, state, report } = useReport();

const today = melbourneNow().slice(0, 10);
const aged = (parameters: IDataObject = {}) =>
	report({
		report: 'agedReceivables',
		date: `${today}T00:00:00`,
		reportOptions: { order_by: 'balance', order_by_direction: 'desc' },
		...parameters,
	});
const cents = (rows: IDataObject[], column: string) =>
	rows.reduce((sum, row) => sum + Math.round((row[column] as number) * 100), 0) / 100;
const AMOUNTS = [
	'balance',
	'current',
	'overdue0',
	'overdue30',
	'overdue60',
	'overdue90',
	'overdue120',
];

describe('Output', () => {
	test('by default one item per row, as saved workflows had it', async () => {
		const rows = jsonOf(await node.run(aged()));
		const chosen = jsonOf(await node.run(aged({ output: 'rows' })));
		expect(rows.length).toBeGreaterThan(1);
		expect(chosen).toEqual(rows);
		const output = new TelcoBillingReport().description.properties.find(
			(p) => p.name === 'output',
		)!;
		expect(output.default).toBe('rows');
		expect(output.options!.map((o) => (o as { name: string }).name)).toEqual([
			'File',
			'One Item per Row',
			'One Item With All Rows',
		]);
	});

	test('One Item With All Rows: the rows, their count, and the total of each money column', async () => {
		const rows = jsonOf(await node.run(aged()));
		const result = await node.run(aged({ output: 'allRows' }));
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		const [all] = jsonOf(result);
		expect(all.rows).toEqual(rows);
		expect(all.count).toBe(rows.length);
		// As the table shows them (two decimals, as text), and as numbers beside them.
		expect(all.totals).toEqual(
			Object.fromEntries(AMOUNTS.map((c) => [c, cents(rows, c).toFixed(2)])),
		);
		expect(all.totalsAmounts).toEqual(Object.fromEntries(AMOUNTS.map((c) => [c, cents(rows, c)])));
		// The balance total is what the customers owe.
		const owed = state()
			.customers.filter((c) => c.deptid === 1 && c.balance > 0)
			.reduce((sum, c) => sum + Math.round(c.balance * 100), 0);
		expect((all.totalsAmounts as IDataObject).balance).toBe(owed / 100);
		expect((all.totals as IDataObject).balance).toBe((owed / 100).toFixed(2));
	});

	test('One Item With All Rows of an empty report: no rows, count 0, zero totals', async () => {
		const result = await node.run(
			report({
				report: 'creditReport',
				when: 'custom',
				dateFrom: '2001-01-01',
				dateTo: '2001-01-31',
				output: 'allRows',
			}),
		);
		expect(jsonOf(result)).toEqual([
			{ rows: [], count: 0, totals: { amount: '0.00' }, totalsAmounts: { amount: 0 } },
		]);
	});

	test('a report without money columns has no totals', async () => {
		const [all] = jsonOf(
			await node.run(
				report({ report: 'activeCustomersSummary', when: 'this year', output: 'allRows' }),
			),
		);
		expect(all).not.toHaveProperty('totals');
		expect(all.count).toBe((all.rows as IDataObject[]).length);
	});

	test('File: a CSV in `data` that parses back to the rows, the HTML table and the count in the json', async () => {
		// A company name a CSV and an HTML table must both get right.
		const owing = state()
			.customers.filter((c) => c.deptid === 1 && c.balance > 0)
			.sort((a, b) => b.balance - a.balance)[0];
		owing.company = 'Smith, "Jones" & <Sons>\nPty Ltd';
		const rows = jsonOf(await node.run(aged()));
		const result = await node.run(aged({ output: 'file' }));
		expect(result.items).toHaveLength(1);
		const [item] = result.items;
		expect(item.binary?.data).toMatchObject({
			mimeType: 'text/csv',
			fileName: `aged-receivables_${today}.csv`,
			fileExtension: 'csv',
		});
		const csv = Buffer.from(item.binary!.data.data, 'base64').toString('utf8');
		const [header, ...lines] = parseCsv(csv);
		const columns = Object.keys(rows[0]);
		expect(columns).toEqual(['cid', 'display_name', ...AMOUNTS]);
		// Money as the table shows it, two decimals (the simulator's amounts are whole cents).
		const shown = (column: string, value: unknown) =>
			AMOUNTS.includes(column) ? (value as number).toFixed(2) : String(value);
		expect(lines).toEqual(rows.map((row) => columns.map((c) => shown(c, row[c]))));
		expect(lines[0][1]).toBe('Smith, "Jones" & <Sons>\nPty Ltd');
		expect(item.json).toMatchObject({
			report: 'Aged Receivables',
			fileName: `aged-receivables_${today}.csv`,
			count: rows.length,
			totals: Object.fromEntries(AMOUNTS.map((c) => [c, cents(rows, c).toFixed(2)])),
			totalsAmounts: Object.fromEntries(AMOUNTS.map((c) => [c, cents(rows, c)])),
		});
		const html = item.json.html as string;
		expect(html).toMatch(/^<table[^>]*>.*<\/table>$/s);
		expect(html).toContain('Smith, &quot;Jones&quot; &amp; &lt;Sons&gt;');
		expect(html).not.toContain('<Sons>');
		expect(html.match(/<tbody>.*<\/tbody>/s)![0].match(/<tr>/g)).toHaveLength(rows.length);
		// The table and the CSV show the same headings and the same cells.
		const table = shownTable(html);
		expect(table.headings).toEqual(header);
		expect(header.slice(0, 5)).toEqual([
			'Customer ID',
			'Customer',
			'Balance',
			'Current (Not Yet Due)',
			'1-29 Days Overdue',
		]);
		expect(table.rows).toEqual(lines);
		expect(table.totals?.[2]).toBe(cents(rows, 'balance').toFixed(2));
	});

	test('File as an HTML table, in a field of the user’s choosing, named for the custom range', async () => {
		const result = await node.run(
			report({
				report: 'creditReport',
				when: 'custom',
				dateFrom: '2001-01-01T00:00:00',
				dateTo: '2001-01-31T00:00:00',
				output: 'file',
				fileFormat: 'html',
				binaryPropertyName: 'report',
			}),
		);
		const [item] = result.items;
		expect(Object.keys(item.binary ?? {})).toEqual(['report']);
		expect(item.binary!.report).toMatchObject({
			mimeType: 'text/html',
			fileName: 'credit-report_2001-01-01_to_2001-01-31.html',
		});
		const page = Buffer.from(item.binary!.report.data, 'base64').toString('utf8');
		expect(page).toContain('<title>Credit Report, 2001-01-01 to 2001-01-31</title>');
		expect(page).toContain(item.json.html as string);
		expect(item.json).toMatchObject({
			count: 0,
			totals: { amount: '0.00' },
			totalsAmounts: { amount: 0 },
		});
		expect(item.json.html).toContain('No rows');
	});

	test('File of an empty report: the CSV still has its header row', async () => {
		const result = await node.run(
			report({
				report: 'creditReport',
				when: 'custom',
				dateFrom: '2001-01-01',
				dateTo: '2001-01-31',
				output: 'file',
			}),
		);
		const csv = Buffer.from(result.items[0].binary!.data.data, 'base64').toString('utf8');
		expect(csv).toBe('Date,Customer ID,Company,Amount (Ex Tax),Description,Invoice ID\r\n');
	});

	test('a named period’s file says its days, on the platform’s clock', async () => {
		const result = await node.run(
			report({ report: 'creditReport', when: 'today', output: 'file' }),
		);
		expect(result.items[0].json.fileName).toBe(`credit-report_${today}.csv`);
	});

	test('under Continue On Fail a failed report stays the error item, not a table of it', async () => {
		const result = await node.run(aged({ output: 'allRows' }), {
			continueOnFail: true,
			apiKey: 'wrong-key',
		});
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({ error: expect.any(String) });
		expect(result.items[0].json).not.toHaveProperty('rows');
		expect(result.items[0].binary).toBeUndefined();
	});
});

describe('refused before the report runs', () => {
	test.each([
		[{ output: '={{ "csv" }}' }, 'Output (output) must be one of: allRows, file, rows'],
		[
			{ output: 'file', fileFormat: '={{ "xlsx" }}' },
			'File Format (fileFormat) must be one of: csv, html',
		],
		[
			{ output: 'file', binaryPropertyName: ' ' },
			'Put Output File in Field (binaryPropertyName) is required',
		],
	])('%j', async (parameters, message) => {
		const result = await node.run(aged(parameters));
		expect(result.error?.message).toBe(message);
		expect(node.sim().requests).toEqual([]);
	});
});

describe('the days a file name gives a named period', () => {
	test.each(WHEN.filter((when) => when !== 'custom'))(
		'%s: the days the simulator’s period table (the spec’s) gives',
		(when) => {
			const now = new Date();
			const { from, to } = range(when);
			expect(periodDays(when, now)).toEqual({ from: from.slice(0, 10), to: to.slice(0, 10) });
		},
	);
});

describe('totals of a platform whose amounts carry more than cents (the spec’s prices carry 4 decimals)', () => {
	const server = Fastify({ logger: false, forceCloseConnections: true });
	let url = '';
	server.post('/*', async () => ({
		succes: true,
		data: [
			{ service_type: 'A', service_count: 1, monthly_fees: '10.0049', total_ex_usage: '0.1' },
			{ service_type: 'B', service_count: 1, monthly_fees: '10.0049', total_ex_usage: '0.2' },
			{ service_type: 'C', service_count: 1, monthly_fees: 10.0049, total_ex_usage: 0.0001 },
		],
	}));
	beforeAll(async () => {
		url = await server.listen({ port: 0, host: '127.0.0.1' });
	});
	afterAll(async () => await server.close());

	test('each money column is summed exactly, not row by row in rounded cents', async () => {
		const result = await node.run(
			report({ report: 'totalServicesSummary', dateToOnly: '2026-06-01', output: 'allRows' }),
			{ baseUrl: url },
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].totalsAmounts).toEqual({
			monthly_fees: 30.0147,
			total_ex_usage: 0.3001,
		});
		// Shown rounded once, from the exact sum.
		expect(jsonOf(result)[0].totals).toEqual({ monthly_fees: '30.01', total_ex_usage: '0.30' });
	});
});
