import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { runNode } from '../harness/engine';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';
const nodeType = new TelcoBillingCallRecord();
const node = useNode(nodeType);
const HEADER = 'orig_id,startdate,callerid,direction,destination,duration,billsec';

/** Import File, the same as cdr503AfterWrite.test.ts: the row is stored, the summary says refused. */
test('Import File after a 503 whose batch was stored reports the row refused (accepted 0), though it is stored', async () => {
	node.sim().faults.push('failAfterWrite');
	const result = await runNode({
		nodeType,
		parameters: { operation: 'importFile' },
		input: [{}],
		inputFiles: [
			{
				data: {
					content: [
						HEADER,
						'imp-1,2026-11-20 10:00:00,0412346601,outbound,0498765432,65,60',
						'',
					].join('\n'),
					fileName: 'calls.csv',
					mimeType: 'text/csv',
				},
			},
		],
		credentials: { baseUrl: node.sim().url, apiKey: DEMO_KEY },
	});
	expect(node.sim().state.cdrs.all.filter((c) => c.orig_id === 'imp-1')).toHaveLength(1);
	const [summary, ...refused] = jsonOf(result);
	expect(summary).toMatchObject({ rowsRead: 1, sent: 1 });
	// Before the fix: accepted 0, refused 1, reason 'CDR ID already exists' (another call's).
	expect(refused).not.toEqual([
		{ row: 1, line: 2, orig_id: 'imp-1', reason: 'CDR ID already exists' },
	]);
});
