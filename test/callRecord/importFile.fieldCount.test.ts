import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { runNode } from '../harness/engine';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';
const nodeType = new TelcoBillingCallRecord();
const node = useNode(nodeType);

// A switch still writing its export leaves a last line cut short: `x-3,…,0498` with no duration, billsec or
// cost. Read as it is, it was stored with a truncated destination and counted accepted; the whole line in a
// later file was then refused as a duplicate, so the call stayed wrong for good. RFC 4180: every record has
// the header's fields. A row with fewer or more is refused, listed with the reason, and never sent.

const HEADER = 'orig_id,startdate,callerid,direction,destination,duration,billsec';
const good = (id: string, minute = 1) =>
	`${id},2026-11-20 10:${String(minute).padStart(2, '0')}:00,0412346601,outbound,0498765432,65,60`;

const stored = () => node.sim().state.cdrs.all.map((c) => c.orig_id);
/** Every orig_id the platform was sent, from the batches it received. */
const sentIds = () =>
	node
		.sim()
		.requests.filter((r) => r.url.endsWith('/cdr/multiple/add'))
		.flatMap((r) => (r.body as IDataObject[]).map((cdr) => cdr.orig_id));

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

describe('Import File: a row with fewer or more fields than the header is refused, never sent', () => {
	test('a line cut short (a file still being written) and a line with an unquoted comma', async () => {
		const csv =
			[
				HEADER,
				good('x-1', 1),
				good('x-2', 2),
				'x-3,2026-11-20 10:03:00,0412346601,outbound,0498',
				'x-4,2026-11-20 10:04:00,0412346601,outbound,0498765432,Smith, office,65,60',
				good('x-5', 5),
			].join('\n') + '\n';
		const summary = await importCsv(csv);
		expect(summary).toMatchObject({ rowsRead: 5, sent: 3, accepted: 3, refused: 2 });
		expect(summary.refusedRows).toEqual([
			{
				row: 3,
				line: 4,
				orig_id: 'x-3',
				reason:
					'Row has 5 fields where the header has 7: a line cut short (a file still being written?); every row must have the header’s fields',
			},
			{
				row: 4,
				line: 5,
				orig_id: 'x-4',
				reason:
					'Row has 9 fields where the header has 7: a delimiter inside a field that is not quoted?; every row must have the header’s fields',
			},
		]);
		expect(stored()).toEqual(['x-1', 'x-2', 'x-5']);
		expect(sentIds()).toEqual(['x-1', 'x-2', 'x-5']);
	});

	test('the last line cut inside a quoted field, its field count whole: refused as cut short', async () => {
		const csv = [
			`${HEADER},destination_info`,
			`${good('q-1')},"Smith office"`,
			`${good('q-2', 2)},"Smith off`,
		].join('\n');
		const summary = await importCsv(csv);
		expect(summary).toMatchObject({ rowsRead: 2, sent: 1, accepted: 1, refused: 1 });
		expect(summary.refusedRows).toEqual([
			{
				row: 2,
				line: 3,
				orig_id: 'q-2',
				reason:
					'The file ends inside a quoted field: the row was cut short (a file still being written?)',
			},
		]);
		expect(sentIds()).toEqual(['q-1']);
	});

	test('no header: fewer fields than Column Names, or another count than the file’s first row', async () => {
		const csv =
			[
				'h-1,ignored,2026-11-20 11:00:00,0412346601,inbound,1800123456',
				'h-2,x,2026-11-20 11:05:00,0412346601,out',
				'h-3,x,2026-11-20 11:06:00,0412346601,outbound,0498765432,extra',
				'h-4,x,2026-11-20 11:07:00,0412346601,outbound,0498765432',
			].join('\n') + '\n';
		const summary = await importCsv(csv, {
			columnLayout: 'positions',
			columnNames: 'orig_id,,startdate,callerid,direction,destination',
		});
		expect(summary).toMatchObject({ rowsRead: 4, sent: 2, accepted: 2, refused: 2 });
		expect((summary.refusedRows as IDataObject[]).map((r) => [r.orig_id, r.reason])).toEqual([
			[
				'h-2',
				'Row has 5 fields where Column Names lists 6: a line cut short (a file still being written?); every row must have the same fields',
			],
			[
				'h-3',
				'Row has 7 fields where the file’s first row has 6: every row must have the same fields',
			],
		]);
		expect(sentIds()).toEqual(['h-1', 'h-4']);
	});

	test('Asterisk Master.csv: a row of fewer than its 16 columns is refused', async () => {
		const full =
			'"","0412346601","0498765432","from-trunk","","SIP/1","","Dial","",' +
			'"2026-11-20 12:00:00","","2026-11-20 12:01:00",60,55,"ANSWERED","DOCUMENTATION","1763600000.1"';
		const cut =
			'"","0412346601","0498765432","from-trunk","","SIP/2","","Dial","",' +
			'"2026-11-20 12:05:00","","2026-11-20 12:0';
		const summary = await importCsv([full, cut].join('\n'), { columnLayout: 'asterisk' });
		expect(summary).toMatchObject({ rowsRead: 2, sent: 1, accepted: 1, refused: 1 });
		expect((summary.refusedRows as IDataObject[]).map((r) => r.reason)).toEqual([
			'Row has 12 fields where Master.csv rows have 16 to 18: a line cut short (a file still being written?)',
		]);
		expect(sentIds()).toEqual(['1763600000.1']);
	});
});

describe('Import File: `sent` counts only rows that left n8n', () => {
	const rows = Array.from({ length: 10 }, (_, k) => good(`s-${k + 1}`, k + 1));

	test('Batch Size 2, Parallel Batches 1, a 500 on the first batch: 2 rows sent, not the batches queued', async () => {
		node.sim().faults.push('http500');
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
			continueOnFail: true,
			credentials: { baseUrl: node.sim().url, apiKey: DEMO_KEY },
		});
		const [summary] = jsonOf(result);
		expect(summary).toMatchObject({
			sent: 2,
			accepted: 0,
			batches: 0,
			resumeAtRow: 1,
			error: expect.stringMatching(
				/^The billing platform failed on the batch of rows 1–2: HTTP 500/,
			),
		});
		expect(sentIds()).toEqual(['s-1', 's-2']);
	});

	test('a connection refused on every try: nothing left n8n, nothing counted sent', async () => {
		const result = await runNode({
			nodeType,
			parameters: {
				operation: 'importFile',
				batchSize: 2,
				parallelBatches: 1,
				importOptions: { outageSeconds: 0 },
			},
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
			continueOnFail: true,
			// A port nobody listens on.
			credentials: { baseUrl: 'http://127.0.0.1:9', apiKey: DEMO_KEY },
		});
		const [summary] = jsonOf(result);
		expect(summary).toMatchObject({ sent: 0, accepted: 0, resumeAtRow: 1 });
	});
});
