import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { REPORT_OPTIONS } from '../../nodes/TelcoBillingReport/report.request';
import { melbourneNow } from '../simulator/melbourne';
import { jsonOf, useNode } from '../harness/nodeRunner';

const node = useNode(new TelcoBillingReport());
const TODAY = melbourneNow().slice(0, 10);
const run = (parameters: IDataObject) =>
	node.run({ resource: 'report', operation: 'run', ...parameters });
const columns = async (report: string) =>
	(
		(await node.options('loadOptions.getReportColumns', { report })) as Array<{ value: string }>
	).map((option) => option.value);
// A period with rows on the seeded history, per report.
const periodOf = (report: string): IDataObject =>
	report === 'agedReceivables'
		? { date: TODAY }
		: report === 'totalServicesSummary'
			? { dateToOnly: TODAY, reportOptions: { include_usage: true } }
			: { when: 'last month' };

test('Order By is a dropdown of the chosen report’s columns, reloaded when the report changes', async () => {
	const options = new TelcoBillingReport().description.properties.find(
		(property) => property.name === 'reportOptions',
	)!.options as INodeProperties[];
	const orderBy = options.find((option) => option.name === 'order_by')!;
	expect(orderBy).toMatchObject({
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getReportColumns', loadOptionsDependsOn: ['report'] },
	});
	expect(await columns('agedReceivables')).toEqual([
		'cid',
		'display_name',
		'balance',
		'current',
		'overdue0',
		'overdue30',
		'overdue60',
		'overdue90',
		'overdue120',
	]);
	expect(await columns('summaryRevenuePaymentsReceived')).toEqual(['month', 'revenue', 'payments']);
	// A report given by name has no columns the node knows: an expression names one.
	expect(await columns('other')).toEqual([]);
	expect(node.sim().requests).toEqual([]);
});

describe('every column offered is a field of the report’s rows', () => {
	const reports = REPORT_OPTIONS.map((option) => option.value).filter((value) => value !== 'other');

	test('all 20 reports offer columns', () => {
		expect(reports).toHaveLength(20);
	});

	test.each(reports)('%s', async (report) => {
		const offered = await columns(report);
		expect(offered.length).toBeGreaterThan(0);
		const result = await run({ report, ...periodOf(report) });
		expect(result.error).toBeUndefined();
		const rows = jsonOf(result);
		expect(rows.length).toBeGreaterThan(0);
		for (const row of rows) expect(Object.keys(row)).toEqual(expect.arrayContaining(offered));
	});
});

describe('ordering', () => {
	test('a column chosen from the dropdown is sent as order_by and the rows come back in that order', async () => {
		const result = await run({
			report: 'agedReceivables',
			date: TODAY,
			reportOptions: { order_by: 'balance', order_by_direction: 'desc' },
		});
		const balances = jsonOf(result).map((row) => row.balance as number);
		expect(balances.length).toBeGreaterThan(1);
		expect(balances).toEqual([...balances].sort((a, b) => b - a));
		expect(node.sim().requests[0].body).toMatchObject({
			report_options: { order_by: 'balance', order_by_direction: 'desc' },
		});
	});

	test('an expression still names the column', async () => {
		const result = await run({
			report: 'agedReceivables',
			date: TODAY,
			reportOptions: { order_by: '={{ "display_name" }}' },
		});
		const names = jsonOf(result).map((row) => String(row.display_name));
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(node.sim().requests[0].body).toMatchObject({
			report_options: { order_by: 'display_name' },
		});
	});
});
