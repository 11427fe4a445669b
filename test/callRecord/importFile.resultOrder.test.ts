import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { runNode } from '../harness/engine';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';
import { reorderingProxy } from '../harness/reorderProxy';
const nodeType = new TelcoBillingCallRecord();
const node = useNode(nodeType);
const HEADER = 'orig_id,startdate,callerid,direction,destination,duration,billsec';
const row = (origId: string) =>
	`${origId},2026-11-20 10:00:00,0412346601,outbound,0498765432,65,60`;
const importCsv = async (lines: string[], baseUrl: string) =>
	await runNode({
		nodeType,
		parameters: { operation: 'importFile' },
		input: [{}],
		inputFiles: [
			{
				data: {
					content: [HEADER, ...lines].join('\n') + '\n',
					fileName: 'calls.csv',
					mimeType: 'text/csv',
				},
			},
		],
		credentials: { baseUrl, apiKey: DEMO_KEY },
	});

/** Import File, as cdrResultOrder.test.ts: cdr.importRun.ts reads `results[position]` for row `position`. */
test('Import File names the refused row by the result’s yourid, not by its position', async () => {
	await importCsv([row('taken')], node.sim().url);
	const proxy = await reorderingProxy(
		() => node.sim().url,
		(method, url) => method === 'POST' && url.endsWith('/cdr/multiple/add'),
	);
	try {
		const result = await importCsv([row('fresh'), row('taken')], proxy.url);
		expect(node.sim().state.cdrs.all.filter((c) => c.orig_id === 'fresh')).toHaveLength(1);
		const [summary] = jsonOf(result);
		// Paired by position it output row 1 'fresh' (stored) refused as 'CDR ID already exists'; 'taken' accepted.
		expect(summary.refusedRows).toEqual([
			{ row: 2, line: 3, orig_id: 'taken', reason: 'CDR ID already exists' },
		]);
	} finally {
		await proxy.close();
	}
});
