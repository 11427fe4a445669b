import type { INodeParameters } from 'n8n-workflow';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { runNode } from '../harness/engine';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';
const nodeType = new TelcoBillingCallRecord();
const node = useNode(nodeType);
const stored = () => node.sim().state.cdrs.all;
const HEADER = 'orig_id,startdate,callerid,direction,destination,duration,billsec';
const row = (origId: string, destination = '0498765432') =>
	`${origId},2026-11-20 10:00:00,0412346601,outbound,${destination},65,60`;
async function importCsv(lines: string[], parameters: INodeParameters = {}) {
	return await runNode({
		nodeType,
		parameters: { operation: 'importFile', ...parameters },
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
		credentials: { baseUrl: node.sim().url, apiKey: DEMO_KEY },
	});
}

describe('Import File: a held orig_id is this row only when an earlier try may have stored it', () => {
	test.each(['http429'] as const)(
		'after a %s (throttled: nothing applied), a row whose orig_id another call holds is a duplicate, listed with the refused rows',
		async (fault) => {
			await importCsv([row('taken', '0311110000')]);
			node.sim().faults.push(fault);
			const result = await importCsv([row('taken', '0399998888'), row('fresh')]);
			const [summary] = jsonOf(result);
			// Counted once, under duplicates: accepted + duplicates + refused = rows read.
			expect(summary).toMatchObject({ rowsRead: 2, accepted: 1, duplicates: 1, refused: 0 });
			expect(summary.refusedRows).toEqual([
				{ row: 1, line: 2, orig_id: 'taken', reason: 'CDR ID already exists' },
			]);
			expect(stored().filter((c) => c.orig_id === 'taken')).toEqual([
				expect.objectContaining({ destination: '0311110000' }),
			]);
		},
	);

	test.each(['reset', 'http503'] as const)(
		'after a %s (the outcome unknown), a held orig_id is a duplicate listed as maybe this row or another call’s, never accepted',
		async (fault) => {
			await importCsv([row('taken', '0311110000')]);
			node.sim().faults.push(fault);
			const result = await importCsv([row('taken', '0399998888'), row('fresh')]);
			const [summary] = jsonOf(result);
			expect(summary).toMatchObject({ rowsRead: 2, accepted: 1, duplicates: 1, refused: 0 });
			expect(summary.refusedRows).toEqual([
				{
					row: 1,
					line: 2,
					orig_id: 'taken',
					reason: expect.stringMatching(
						/^CDR ID already exists: may be this row, stored by an earlier try whose answer was lost, or another call’s/,
					),
				},
			]);
		},
	);
});

test('Import File: rows of one file with the same orig_id: the later row is refused as a duplicate of the earlier, not sent', async () => {
	const result = await importCsv(
		[row('twice', '0311110000'), row('other'), row('twice', '0399998888')],
		{
			treatDuplicateAsSuccess: true,
		},
	);
	const [summary] = jsonOf(result);
	expect(summary).toMatchObject({ sent: 2, accepted: 2, refused: 1 });
	expect(summary.refusedRows).toEqual([
		{
			row: 3,
			line: 4,
			orig_id: 'twice',
			reason: expect.stringMatching(/^Original ID \(orig_id\) twice is already row 1’s/),
		},
	]);
	expect(stored().filter((c) => c.orig_id === 'twice')).toEqual([
		expect.objectContaining({ destination: '0311110000' }),
	]);
});

test('Import File: the same call twice in one file with Treat Duplicate as Success: sent once, the second row a duplicate', async () => {
	const result = await importCsv([row('same'), row('other'), row('same')], {
		treatDuplicateAsSuccess: true,
	});
	expect(jsonOf(result)).toEqual([
		expect.objectContaining({ rowsRead: 3, sent: 2, accepted: 2, duplicates: 1, refused: 0 }),
	]);
	expect(stored().filter((c) => c.orig_id === 'same')).toHaveLength(1);
});
