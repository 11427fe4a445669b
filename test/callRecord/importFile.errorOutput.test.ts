import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { runNode } from '../harness/engine';
import { DEMO_KEY, useNode } from '../harness/nodeRunner';
const nodeType = new TelcoBillingCallRecord();
const node = useNode(nodeType);

// Found by a fresh-eyes review. Import File with On Error "Continue (using error output)": a batch that fails
// for good stops the file, and its summary (error, lastAcknowledgedRow, resumeAtRow) is output without the
// item's `error`, so n8n leaves it on the Success output, where the workflow goes on as if the file were
// imported (moves it to "done", tells the team). Every other failure of the package goes to the Error output
// (errorItem). Here rows 5–10 of the file were never stored.

const HEADER = 'orig_id,startdate,callerid,direction,destination,duration,billsec';
const rows = Array.from(
	{ length: 10 },
	(_, k) =>
		`e-${k + 1},2026-11-20 10:${String(k + 1).padStart(2, '0')}:00,0412346601,outbound,0498765432,65,60`,
);

test('a file stopped by a failed batch goes to the Error output, not the Success output', async () => {
	node.sim().faults.push('pass', 'pass', 'http500');
	const result = await runNode({
		nodeType,
		parameters: { operation: 'importFile', batchSize: 2, parallelBatches: 1 },
		input: [{}],
		inputFiles: [
			{
				data: {
					content: [HEADER, ...rows].join('\n') + '\n',
					fileName: 'calls.csv',
					mimeType: 'text/csv',
				},
			},
		],
		onError: 'continueErrorOutput',
		credentials: { baseUrl: node.sim().url, apiKey: DEMO_KEY },
	});
	const [success = [], failure = []] =
		result.run.data.resultData.runData['Telco Billing'][0].data!.main;
	expect(node.sim().state.cdrs.all.map((c) => c.orig_id)).toEqual(['e-1', 'e-2', 'e-3', 'e-4']);
	expect({ success: success!.length, failure: failure!.length }).toEqual({
		success: 0,
		failure: 1,
	});
	// n8n keeps only the error's message on its error output: where to resume is in it.
	expect(String(failure![0].json.error)).toMatch(
		/Last row acknowledged: 4\. To resume, set Start at Row to 5\./,
	);
});
