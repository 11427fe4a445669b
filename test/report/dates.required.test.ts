import { NodeHelpers } from 'n8n-workflow';
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { jsonOf } from '../harness/nodeRunner';
import { useReport } from '../kits/report';
import { melbourneNow } from '../simulator/melbourne';
const { node, report } = useReport();

const type = new TelcoBillingReport();

/**
 * The fields n8n flags as required and empty for these parameters, read as the editor stores them (every
 * field a user left alone at its default); n8n refuses to run a workflow that has one.
 */
function flagged(parameters: INodeParameters): string[] {
	const telco: INode = {
		id: 'n1',
		name: 'Report',
		type: 'n8n-nodes-telco-billing.telcoBillingReport',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const { properties } = type.description;
	telco.parameters =
		NodeHelpers.getNodeParameters(
			properties,
			report(parameters),
			true,
			false,
			telco,
			type.description,
		) ?? {};
	const issues = NodeHelpers.getNodeParametersIssues(properties, telco, type.description);
	return Object.keys(issues?.parameters ?? {});
}

const sentOptions = () =>
	node.sim().requests.map((r) => (r.body as IDataObject).report_options as IDataObject);

/** Melbourne's date around a run, so a run across its midnight still has one of the two. */
async function aroundToday<T>(run: () => Promise<T>): Promise<{ result: T; days: string[] }> {
	const before = melbourneNow().slice(0, 10);
	const result = await run();
	return { result, days: [before, melbourneNow().slice(0, 10)] };
}

describe('required fields: the editor marks those it can hold to, and they come filled', () => {
	test.each([
		[{ report: 'agedReceivables', date: '' }, ['date']],
		[{ report: 'totalServicesSummary', dateToOnly: '' }, ['dateToOnly']],
		[{ report: 'creditReport', output: 'file', binaryPropertyName: '' }, ['binaryPropertyName']],
	])('%j, emptied, is flagged: %j', (parameters, fields) => {
		expect(flagged(parameters)).toEqual(fields);
	});

	test('a report as it comes has nothing to fill: its one day is today, its file field `data`', () => {
		for (const name of ['agedReceivables', 'totalServicesSummary', 'creditReport'])
			expect(flagged({ report: name, output: 'file' })).toEqual([]);
	});

	test.each([
		['Period', { report: 'creditReport', when: '={{ "last month" }}' }],
		['Report', { report: '={{ "creditReport" }}' }],
	])(
		'%s given by an expression (an AI tool choosing it) runs: n8n then shows Report Name, From and To, so they are not marked required',
		async (_field, parameters) => {
			expect(flagged(parameters)).toEqual([]);
			const result = await node.run(report(parameters));
			expect(result.error).toBeUndefined();
			expect(sentOptions()).toEqual([{ when: 'last month' }]);
		},
	);

	test('left empty they are still refused before the report runs, naming the field', async () => {
		for (const parameters of [
			{ report: 'other', reportName: '' },
			{ report: 'billedMinutes', when: 'custom', dateFrom: '', dateTo: '2026-10-31' },
			{ report: 'billedMinutes', when: 'custom', dateFrom: '2026-10-01', dateTo: '' },
		])
			expect((await node.run(report(parameters))).error?.message).toMatch(
				/^(Report Name \(reportName\)|From \(dateFrom\)|To \(dateTo\)) is required$/,
			);
		expect(node.sim().requests).toEqual([]);
	});
});

describe('a report of one day runs for today on the platform’s clock (Melbourne) unless given a day', () => {
	test('Aged Receivables with its Date left as it comes ages balances at Melbourne’s today', async () => {
		const { result, days } = await aroundToday(
			async () => await node.run(report({ report: 'agedReceivables' })),
		);
		expect(result.error).toBeUndefined();
		expect(days).toContain(sentOptions()[0].date);
		expect(jsonOf(result).length).toBeGreaterThan(0);
	});

	test('Total Services Summary with its To left as it comes: services active today, the whole day', async () => {
		const { result, days } = await aroundToday(
			async () => await node.run(report({ report: 'totalServicesSummary' })),
		);
		expect(result.error).toBeUndefined();
		expect(days.map((day) => `${day} 23:59:59`)).toContain(sentOptions()[0].date_to);
	});

	test.each([
		['an expression that gives nothing', {}],
		['an AI tool whose model left the date out (it has no clock)', { asTool: true }],
	])('%s: today too, never a refusal', async (_how, options) => {
		const { result, days } = await aroundToday(
			async () => await node.run(report({ report: 'agedReceivables', date: '={{ "" }}' }), options),
		);
		expect(result.error).toBeUndefined();
		expect(days).toContain(sentOptions()[0].date);
	});

	test('a day given is the day sent', async () => {
		await node.run(report({ report: 'agedReceivables', date: '2026-01-31' }));
		await node.run(report({ report: 'totalServicesSummary', dateToOnly: '2026-01-31' }));
		expect(sentOptions()).toEqual([{ date: '2026-01-31' }, { date_to: '2026-01-31 23:59:59' }]);
	});

	test('the file of a report left on today is named for Melbourne’s today', async () => {
		const { result, days } = await aroundToday(
			async () => await node.run(report({ report: 'agedReceivables', output: 'file' })),
		);
		expect(days.map((day) => `aged-receivables_${day}.csv`)).toContain(
			result.items[0].json.fileName,
		);
	});
});
