import type { IDataObject } from 'n8n-workflow';
import Fastify from 'fastify';
import { jsonOf } from '../harness/nodeRunner';
import type { RunResult } from '../harness/engine';
import { useReport } from '../kits/report';
import { parseCsv } from './csv';
import { shownTable } from './table';
const { node, report } = useReport();

// Amounts as a platform that works in floating point answers them: 415.8 for 415.80, the sum 0.1 + 0.2 as
// 0.30000000000000004, a balance that is really 0 as 2.220446049250313e-16, and amounts at half a cent (1.005 is
// a hair below in binary, so its toFixed(2) is 1.00; -0.001's is -0.00).
const ROWS: Record<string, IDataObject[]> = {
	agedReceivables: [
		{
			cid: 1001,
			display_name: 'Acme',
			balance: 415.8,
			current: 0.1,
			overdue0: 0.2,
			overdue30: '10.005',
			overdue60: 1.005,
			overdue90: -0.001,
			overdue120: 2.220446049250313e-16,
		},
		{
			cid: 1002,
			display_name: 'Bell',
			balance: 0.30000000000000004,
			current: 0.2,
			overdue0: 0.1,
			overdue30: 0,
			overdue60: 0,
			overdue90: -12.5,
			overdue120: 0.5,
		},
	],
	// Money the report does not total (averages) beside figures that are not money.
	endedServicesDetailed: [
		{
			enid: 20001,
			customer: 'Acme',
			'Account Manager': 'Kim',
			avg_account_spend: 33.333333,
			avg_service_spend: '12.5',
			cancellation_request_date: '2026-10-01',
			churn_reason: null,
			avg_minutes: 10.5,
			avg_sms: 0,
			start_date: '2024-01-01',
			end_date: '2026-10-31',
			service_type: 'NBN 100',
			monthly_fee: 49.9,
		},
	],
	gpServices: [
		{
			servicetype: 'NBN 100',
			billed_count: 3,
			service_cost: 60,
			service_sell: 149.7,
			billed_minutes: 12.25,
			usage_cost: 0.1,
			usage_sell: 0.2,
			gp: 89.8,
			gp_percent: 59.987,
		},
	],
};

/** Credit Report rows, set by each test of a spelling. */
let creditRows: IDataObject[] = [];

const server = Fastify({ logger: false, forceCloseConnections: true });
let url = '';
server.post('/*', async (request) => ({
	succes: true,
	data:
		(request.body as { report: string }).report === 'creditReport'
			? creditRows
			: (ROWS[(request.body as { report: string }).report] ?? []),
}));
beforeAll(async () => {
	url = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => await server.close());

const run = async (parameters: IDataObject, options: { continueOnFail?: boolean } = {}) =>
	await node.run(report({ when: 'last month', date: '2026-11-30', ...parameters }), {
		baseUrl: url,
		...options,
	});

/** The file's CSV lines after its header row. */
function csvLines(result: RunResult): string[][] {
	const csv = Buffer.from(result.items[0].binary!.data.data, 'base64').toString('utf8');
	return parseCsv(csv).slice(1);
}

describe('money in the file exactly as the table shows it: two decimals, as text', () => {
	test('Aged Receivables: the CSV says 415.80 where the table does, never 415.8 or 0.30000000000000004', async () => {
		const result = await run({ report: 'agedReceivables', output: 'file' });
		expect(result.error).toBeUndefined();
		const expected = [
			['1001', 'Acme', '415.80', '0.10', '0.20', '10.01', '1.01', '0.00', '0.00'],
			['1002', 'Bell', '0.30', '0.20', '0.10', '0.00', '0.00', '-12.50', '0.50'],
		];
		expect(csvLines(result)).toEqual(expected);
		expect(shownTable(result.items[0].json.html as string).rows).toEqual(expected);
	});

	test('money a report does not total (averages) has two decimals too; counts, minutes and percentages stay as given', async () => {
		const ended = await run({ report: 'endedServicesDetailed', output: 'file' });
		const endedRow = [
			'20001',
			'Acme',
			'Kim',
			'33.33',
			'12.50',
			'2026-10-01',
			'',
			'10.5',
			'0',
			'2024-01-01',
			'2026-10-31',
			'NBN 100',
			'49.90',
		];
		expect(csvLines(ended)).toEqual([endedRow]);
		expect(shownTable(ended.items[0].json.html as string).rows).toEqual([endedRow]);
		const gp = await run({ report: 'gpServices', output: 'file', fileFormat: 'html' });
		const gpRow = ['NBN 100', '3', '60.00', '149.70', '12.25', '0.10', '0.20', '89.80', '59.987'];
		expect(shownTable(gp.items[0].json.html as string).rows).toEqual([gpRow]);
		const page = Buffer.from(gp.items[0].binary!.data.data, 'base64').toString('utf8');
		expect(page).toContain(gp.items[0].json.html as string);
	});

	test('the rows themselves keep the platform’s numbers (One Item per Row, One Item With All Rows)', async () => {
		const rows = jsonOf(await run({ report: 'agedReceivables' }));
		expect(rows.map((row) => row.balance)).toEqual([415.8, 0.30000000000000004]);
		const [all] = jsonOf(await run({ report: 'agedReceivables', output: 'allRows' }));
		expect(all.rows).toEqual(rows);
	});
});

describe('totals exactly as the table’s Total row shows them', () => {
	// Two decimals as text, what an email expression writes as it is ({{ $json.totals.balance }}).
	const TOTALS = {
		balance: '416.10',
		current: '0.30',
		overdue0: '0.30',
		overdue30: '10.01',
		overdue60: '1.01',
		overdue90: '-12.50',
		overdue120: '0.50',
	};
	// The exact sums of the amounts as the platform gave them, as numbers, for an expression that computes
	// (0.1 + 0.2 is 0.3; the platform's own 2.220446049250313e-16 is in its column's sum).
	const AMOUNTS = {
		balance: 416.1,
		current: 0.3,
		overdue0: 0.3,
		overdue30: 10.005,
		overdue60: 1.005,
		overdue90: -12.501,
		overdue120: 0.5000000000000002,
	};

	test('One Item With All Rows: `totals` as text, `totalsAmounts` as numbers', async () => {
		const [all] = jsonOf(await run({ report: 'agedReceivables', output: 'allRows' }));
		expect(all).toEqual({
			rows: expect.any(Array),
			count: 2,
			totals: TOTALS,
			totalsAmounts: AMOUNTS,
		});
	});

	test('File: the item’s `totals` are the table’s Total row, cell for cell', async () => {
		const result = await run({ report: 'agedReceivables', output: 'file' });
		const { json } = result.items[0];
		expect(json).toMatchObject({ totals: TOTALS, totalsAmounts: AMOUNTS });
		expect(shownTable(json.html as string).totals).toEqual(['Total', '', ...Object.values(TOTALS)]);
	});
});

// The spec says numbers come as strings and promises no spelling. A total that left out an amount it could not
// read ("1,234.50") gave 10.00 over two rows, as if complete, in the totals and the file's Total row alike.
describe('an amount is read exactly or the report fails, naming the row and the value: never a partial total', () => {
	const credit = (amount: string | null, iid: number): IDataObject => ({
		date: '2026-11-02',
		cid: 1001,
		company: 'Acme',
		amount,
		description: 'Credit',
		iid,
	});

	test('"1,234.50" (thousands separated) is read exactly: in the rows, the totals and the file', async () => {
		creditRows = [credit('10.00', 1), credit('1,234.50', 2)];
		const rows = jsonOf(await run({ report: 'creditReport' }));
		expect(rows.map((row) => row.amount)).toEqual([10, 1234.5]);
		const [all] = jsonOf(await run({ report: 'creditReport', output: 'allRows' }));
		expect(all).toMatchObject({
			count: 2,
			totals: { amount: '1244.50' },
			totalsAmounts: { amount: 1244.5 },
		});
		const file = await run({ report: 'creditReport', output: 'file' });
		expect(file.items[0].json).toMatchObject({ totals: { amount: '1244.50' } });
		expect(csvLines(file).map((line) => line[3])).toEqual(['10.00', '1234.50']);
		expect(shownTable(file.items[0].json.html as string).totals).toEqual([
			'Total',
			'',
			'',
			'1244.50',
			'',
			'',
		]);
	});

	test.each(['rows', 'allRows', 'file'])(
		'"$5.00" fails the report (Output %s): the row, the column and the value named; nothing output',
		async (output) => {
			creditRows = [credit('10.00', 1), credit('$5.00', 2)];
			const result = await run({ report: 'creditReport', output });
			expect(result.items).toEqual([]);
			expect(result.error?.message).toBe(
				'The platform answered row 2’s amount as "$5.00", which is not an amount',
			);
			expect(result.error?.description).toMatch(/^The billing platform answered, but /);
		},
	);

	test('under Continue On Fail the report is one error item, paired to its input', async () => {
		creditRows = [credit(null, 1), credit('10.00', 2)];
		const result = await run(
			{ report: 'creditReport', output: 'allRows' },
			{ continueOnFail: true },
		);
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				error: 'The platform answered row 1’s amount as null, which is not an amount',
			}),
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});
});
