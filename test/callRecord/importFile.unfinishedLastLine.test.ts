import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { runNode } from '../harness/engine';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';
const nodeType = new TelcoBillingCallRecord();
const node = useNode(nodeType);

// Issue 43, A: a switch still writing its export leaves the file's last line without its line break, and may
// have cut it inside its last field: `…,70,65` read as `…,70,6`. Every field is there, so it was stored with
// the cut value, and the whole line in the next file was refused as a duplicate: the call stayed billed at 6 s.
// A last line without a line break is never stored: refused (the default) or held back, as the summary says.

const HEADER = 'orig_id,startdate,callerid,direction,destination,duration,billsec';
const line = (id: string, minute: number, billsec = '65') =>
	`${id},2026-11-20 10:${String(minute).padStart(2, '0')}:00,0412346601,outbound,0498765432,70,${billsec}`;

const stored = () => node.sim().state.cdrs.all.map((c) => [c.orig_id, c.billsec]);

async function importCsv(content: string, parameters: INodeParameters = {}) {
	const result = await runNode({
		nodeType,
		parameters: { operation: 'importFile', ...parameters },
		input: [{}],
		inputFiles: [{ data: { content, fileName: 'calls.csv', mimeType: 'text/csv' } }],
		credentials: { baseUrl: node.sim().url, apiKey: DEMO_KEY },
	});
	expect(result.error).toBeUndefined();
	return jsonOf(result)[0];
}

describe('Import File: the file’s last line without a line break is never stored', () => {
	const cut = [HEADER, line('u-1', 1), line('u-2', 2), line('u-3', 3, '6')].join('\n');
	const whole = [HEADER, line('u-1', 1), line('u-2', 2), line('u-3', 3)].join('\n') + '\n';

	test('by default it is refused, named in the summary; the next file’s whole line is then stored', async () => {
		const first = await importCsv(cut);
		expect(first).toMatchObject({ rowsRead: 3, sent: 2, accepted: 2, refused: 1 });
		expect(first.unfinishedLastLine).toEqual({
			row: 3,
			line: 4,
			orig_id: 'u-3',
			handled: 'refused',
		});
		expect(first.refusedRows).toEqual([
			{
				row: 3,
				line: 4,
				orig_id: 'u-3',
				reason: expect.stringMatching(/^The file’s last line has no line break after it/),
			},
		]);
		expect(stored()).toEqual([
			['u-1', 65],
			['u-2', 65],
		]);
		const next = await importCsv(whole, { treatDuplicateAsSuccess: true });
		expect(next).toMatchObject({
			accepted: 1,
			duplicates: 2,
			refused: 0,
		});
		// A file that ends with a line break has no unfinished last line to name.
		expect(next.unfinishedLastLine).toBeUndefined();
		expect(stored()).toEqual([
			['u-1', 65],
			['u-2', 65],
			['u-3', 65],
		]);
	});

	test('Hold Back: not sent, not refused; the summary names it held back', async () => {
		const summary = await importCsv(cut, { importOptions: { unfinishedLastLine: 'holdBack' } });
		expect(summary).toMatchObject({ rowsRead: 2, accepted: 2, refused: 0, refusedRows: [] });
		expect(summary.unfinishedLastLine).toEqual({
			row: 3,
			line: 4,
			orig_id: 'u-3',
			handled: 'heldBack',
		});
		expect(stored().map(([id]) => id)).toEqual(['u-1', 'u-2']);
		const sent = node
			.sim()
			.requests.flatMap((r) => (r.body as IDataObject[]).map((cdr) => cdr.orig_id));
		expect(sent).toEqual(['u-1', 'u-2']);
	});
});
