import { useReport } from '../kits/report';
import { reportOperations } from '../../nodes/TelcoBillingReport/report.operations';
import { jsonOf } from '../harness/nodeRunner';
import { expectSimplified, shapeOf } from './shaped';

const { node, report } = useReport();

describe('Simplify on reports whose rows have more than ten fields', () => {
	test('Sales Invoice Detail (11 fields): one item a row, simplified', async () => {
		await expectSimplified(
			node,
			report({ report: 'salesInvoiceDetail', when: 'last month' }),
			shapeOf(reportOperations, 'run', 'salesInvoiceDetail'),
		);
	});

	test('a report of ten fields or fewer has no Simplify: its rows are whole in a node added now', async () => {
		const rows = async (typeVersion: number) =>
			jsonOf(
				await node.run(report({ report: 'billedMinutes', when: 'this year' }), { typeVersion }),
			);
		expect(await rows(1.1)).toEqual(await rows(1));
	});

	test('all rows in one item holds the simplified rows', async () => {
		const parameters = report({
			report: 'salesInvoiceDetail',
			when: 'last month',
			output: 'allRows',
		});
		const [item] = jsonOf(await node.run(parameters, { typeVersion: 1.1 }));
		const rows = item.rows as Array<Record<string, unknown>>;
		expect(rows.length).toBeGreaterThan(0);
		for (const row of rows) expect(Object.keys(row).length).toBeLessThanOrEqual(10);
	});

	test('as a tool, Selected Fields gives the fields picked and each row’s invoice id', async () => {
		const parameters = report({
			report: 'salesInvoiceDetail',
			when: 'last month',
			toolOutput: 'selected',
			selectedFields: ['company', 'total'],
		});
		const rows = jsonOf(await node.run(parameters, { typeVersion: 1.1, asTool: true }));
		expect(rows.length).toBeGreaterThan(0);
		for (const row of rows) expect(Object.keys(row)).toEqual(['iid', 'company', 'total']);
	});
});
