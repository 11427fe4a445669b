import type { IBinaryData, IDataObject, INodeParameters } from 'n8n-workflow';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { runNode } from '../harness/engine';
import type { InputFile } from '../harness/engine';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';
const nodeType = new TelcoBillingCallRecord();
const node = useNode(nodeType);
const stored = () => node.sim().state.cdrs.all;
const batchPosts = () => node.sim().requests.filter((r) => r.url.endsWith('/cdr/multiple/add'));
const HEADER = 'orig_id,startdate,callerid,direction,destination,duration,billsec';
/** n CSV lines of good CDRs, orig_ids `${prefix}-1` …, one minute apart. */
function goodRows(prefix: string, n: number, from = 1): string[] {
	return Array.from({ length: n }, (_, k) => {
		const i = from + k;
		const minute = String(i % 60).padStart(2, '0');
		return `${prefix}-${i},2026-11-20 10:${minute}:00,0412346601,outbound,0498765432,65,60`;
	});
}
async function importCsv(
	content: string | Buffer,
	parameters: INodeParameters = {},
	options: { continueOnFail?: boolean; property?: string } = {},
) {
	const file: InputFile = { content, fileName: 'calls.csv', mimeType: 'text/csv' };
	return await runNode({
		nodeType,
		parameters: { operation: 'importFile', ...parameters },
		input: [{}],
		inputFiles: [{ [options.property ?? 'data']: file }],
		continueOnFail: options.continueOnFail,
		credentials: { baseUrl: node.sim().url, apiKey: DEMO_KEY },
	});
}
function refusedCsvOf(binary: IBinaryData | undefined): string {
	expect(binary).toBeDefined();
	return Buffer.from(binary!.data, 'base64').toString('utf8');
}

describe('Import File: reading the CSV', () => {
	test('a file headed with the spec’s field names imports with no setup: one summary item', async () => {
		const csv = [HEADER, ...goodRows('clean', 3)].join('\n') + '\n';
		const result = await importCsv(csv);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{
				fileName: 'calls.csv',
				rowsRead: 3,
				skipped: 0,
				sent: 3,
				accepted: 3,
				duplicates: 0,
				refused: 0,
				batches: 1,
				retries: 0,
				secondsWaiting: 0,
				seconds: expect.any(Number),
				firstCallDate: '2026-11-20 10:01:00',
				lastCallDate: '2026-11-20 10:03:00',
				refusedRows: [],
			},
		]);
		expect(result.items[0].binary).toBeUndefined();
		expect(stored().map((c) => c.orig_id)).toEqual(['clean-1', 'clean-2', 'clean-3']);
		expect(stored()[0]).toMatchObject({ billsec: 60, duration: 65, direction: 'outbound' });
		// Numbers go as numbers, the way the spec types them.
		expect((batchPosts()[0].body as IDataObject[])[0]).toMatchObject({ billsec: 60, duration: 65 });
	});

	test('batches of Batch Size, as many requests as batches', async () => {
		const csv = [HEADER, ...goodRows('b', 7)].join('\n') + '\n';
		const result = await importCsv(csv, { batchSize: 3, parallelBatches: 2 });
		expect(jsonOf(result)[0]).toMatchObject({ rowsRead: 7, sent: 7, accepted: 7, batches: 3 });
		expect(batchPosts().map((r) => (r.body as unknown[]).length)).toEqual([3, 3, 1]);
		expect(stored()).toHaveLength(7);
	});

	test('a messy file: BOM, CRLF, semicolons, quoted delimiters, line breaks and quotes, renamed headers', async () => {
		const csv =
			'\uFEFFCall ID;Start;From;Direction;To;Info;billsec\r\n' +
			'm-1;2026-11-20T09:15:30+11:00;0412346601;Outbound;0498765432;"Smith; ""Jr"" office";30\r\n' +
			'\r\n' +
			'm-2;2026-11-20 09:20:00;0412346601;inbound;1800123456;"line one\r\nline two";\r\n' +
			'"m-3";2026-11-20 09:25:00;"0412346601";outbound;0498765432;;45\r\n';
		const result = await importCsv(csv, {
			columnMapping: {
				mappings: [
					{ column: 'call id', field: 'orig_id' },
					{ column: 'Start', field: 'startdate' },
					{ column: 'From', field: 'callerid' },
					{ column: 'To', field: 'destination' },
					{ column: 'Info', field: 'destination_info' },
				],
			},
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({ rowsRead: 3, accepted: 3, refused: 0 });
		expect(stored()).toEqual([
			expect.objectContaining({
				orig_id: 'm-1',
				startdate: '2026-11-20 09:15:30',
				direction: 'outbound',
				destination_info: 'Smith; "Jr" office',
				billsec: 30,
			}),
			expect.objectContaining({
				orig_id: 'm-2',
				direction: 'inbound',
				destination: '1800123456',
				destination_info: 'line one\r\nline two',
			}),
			expect.objectContaining({ orig_id: 'm-3', callerid: '0412346601', billsec: 45 }),
		]);
	});

	test('tab and pipe files, detected from the header or chosen', async () => {
		await importCsv(
			[HEADER.replace(/,/g, '\t'), ...goodRows('t', 2).map((l) => l.replace(/,/g, '\t')), ''].join(
				'\n',
			),
		);
		await importCsv(
			[HEADER.replace(/,/g, '|'), ...goodRows('p', 2).map((l) => l.replace(/,/g, '|'))].join('\n') +
				'\n',
			{ importOptions: { delimiter: 'pipe' } },
		);
		expect(stored().map((c) => c.orig_id)).toEqual(['t-1', 't-2', 'p-1', 'p-2']);
	});

	test('a file bigger than one read, with quoted line breaks across the pieces', async () => {
		const note = `"${'x'.repeat(120)}\n${'y'.repeat(120)}, ""quoted"""`;
		const lines = goodRows('big', 3000).map((l) => `${l},${note}`);
		const csv = [`${HEADER},destination_info`, ...lines].join('\n') + '\n';
		expect(csv.length).toBeGreaterThan(2 * 256 * 1024);
		const result = await importCsv(csv, { batchSize: 1000 });
		expect(jsonOf(result)[0]).toMatchObject({ rowsRead: 3000, accepted: 3000, batches: 3 });
		expect(stored()).toHaveLength(3000);
		expect(new Set(stored().map((c) => c.destination_info))).toEqual(
			new Set([`${'x'.repeat(120)}\n${'y'.repeat(120)}, "quoted"`]),
		);
		expect(stored()[2999].orig_id).toBe('big-3000');
	});

	test('no header: columns by position, an empty name skips a column', async () => {
		const csv =
			'h-1,ignored,2026-11-20 11:00:00,0412346601,inbound,1800123456\nh-2,x,2026-11-20 11:05:00,0412346601,outbound,0498765432\n';
		const result = await importCsv(csv, {
			columnLayout: 'positions',
			columnNames: 'orig_id,,startdate,callerid,direction,destination',
		});
		expect(jsonOf(result)[0]).toMatchObject({ rowsRead: 2, accepted: 2 });
		expect(stored()).toEqual([
			expect.objectContaining({ orig_id: 'h-1', direction: 'inbound', destination: '1800123456' }),
			expect.objectContaining({ orig_id: 'h-2', startdate: '2026-11-20 11:05:00' }),
		]);
	});

	test('no header: an unknown field name stops the node before anything is sent', async () => {
		const result = await importCsv('a,b\n', {
			columnLayout: 'positions',
			columnNames: 'orig_id,caller',
		});
		expect(result.error?.message).toBe('Column Names has names that are not CDR fields: caller');
		expect(batchPosts()).toHaveLength(0);
	});

	test('Asterisk Master.csv: direction by destination context, orig_id from uniqueid or channel and start', async () => {
		const csv =
			[
				'"acc1","0412346601","0498765432","from-internal","""Alice"" <0412346601>",' +
					'"SIP/100-0001","SIP/trunk-0002","Dial","SIP/trunk/0498765432,60",' +
					'"2026-11-20 12:00:00","2026-11-20 12:00:05","2026-11-20 12:01:05",65,60,"ANSWERED","DOCUMENTATION","1763600000.1"',
				'"","0299990000","1800123456","from-trunk","","SIP/trunk-0003","SIP/100-0004","Dial","SIP/100",' +
					'"2026-11-20 12:02:00","","2026-11-20 12:02:20",20,0,"NO ANSWER","DOCUMENTATION"',
			].join('\n') + '\n';
		const result = await importCsv(csv, {
			columnLayout: 'asterisk',
			asteriskDirection: 'byContext',
			inboundContexts: 'from-trunk, from-pstn',
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({ rowsRead: 2, accepted: 2, refused: 0 });
		expect(stored()).toEqual([
			expect.objectContaining({
				orig_id: '1763600000.1',
				accountcode: 'acc1',
				callerid: '0412346601',
				destination: '0498765432',
				direction: 'outbound',
				application: 'Dial',
				startdate: '2026-11-20 12:00:00',
				enddate: '2026-11-20 12:01:05',
				duration: 65,
				billsec: 60,
				disposition: 'ANSWERED',
			}),
			expect.objectContaining({
				orig_id: 'SIP/trunk-0003@2026-11-20 12:02:00',
				direction: 'inbound',
				did: '1800123456',
				disposition: 'NO ANSWER',
				billsec: 0,
			}),
		]);
	});

	test('Asterisk Master.csv: every call outbound unless told otherwise', async () => {
		const csv =
			'"","0412346601","0498765432","from-trunk","","SIP/1","","Dial","",' +
			'"2026-11-20 12:00:00","","2026-11-20 12:01:00",60,55,"ANSWERED","DOCUMENTATION"\n';
		await importCsv(csv, { columnLayout: 'asterisk' });
		expect(stored()[0]).toMatchObject({ direction: 'outbound', billsec: 55 });
	});
});

describe('Import File: refused rows and duplicates', () => {
	test('bad rows are reported with their row, line, orig_id and reason; the rest is stored', async () => {
		const csv =
			[
				HEADER,
				...goodRows('r', 2),
				'r-bad1,2026-11-20 10:00:00,,outbound,0498765432,65,60',
				'r-bad2,2026-11-20 10:00:00,0412346601,sideways,0498765432,65,60',
				'r-bad3,"2026-02-30 10:00:00",0412346601,outbound,0498765432,65,60',
				'r-bad4,2026-11-20 10:00:00,0412346601,outbound,0498765432,65,-1',
				...goodRows('r', 1, 3),
			].join('\n') + '\n';
		const result = await importCsv(csv);
		expect(result.error).toBeUndefined();
		const [summary] = jsonOf(result);
		const refused = summary.refusedRows;
		expect(summary).toMatchObject({ rowsRead: 7, sent: 3, accepted: 3, refused: 4, batches: 1 });
		expect(refused).toEqual([
			{ row: 3, line: 4, orig_id: 'r-bad1', reason: 'Caller ID (callerid) is required' },
			{
				row: 4,
				line: 5,
				orig_id: 'r-bad2',
				reason: 'Direction (direction) must be inbound or outbound',
			},
			{
				row: 5,
				line: 6,
				orig_id: 'r-bad3',
				reason: expect.stringMatching(/^Start Date \(startdate\) must be a real date/),
			},
			{
				row: 6,
				line: 7,
				orig_id: 'r-bad4',
				reason: 'Billable Seconds (billsec) must be a whole number of seconds, 0 or more',
			},
		]);
		expect(result.items).toHaveLength(1);
		expect(stored().map((c) => c.orig_id)).toEqual(['r-1', 'r-2', 'r-3']);
		const list = refusedCsvOf(result.items[0].binary?.refused);
		expect(list.split('\n')[0]).toBe('row,line,orig_id,reason');
		expect(list).toContain('3,4,r-bad1,Caller ID (callerid) is required\n');
		expect(result.items[0].binary?.refused).toMatchObject({
			fileName: 'refused-rows.csv',
			mimeType: 'text/csv',
		});
	});

	test('more than 1,000 refused rows: 1,000 listed in the summary, all of them in the CSV on it', async () => {
		const bad = Array.from(
			{ length: 1005 },
			(_, i) => `bad-${i + 1},2026-11-20 10:00:00,0412346601,,0498765432,1,1`,
		);
		const result = await importCsv([HEADER, ...bad, ...goodRows('ok', 1)].join('\n') + '\n');
		expect(jsonOf(result)[0]).toMatchObject({ rowsRead: 1006, refused: 1005, accepted: 1 });
		expect(result.items).toHaveLength(1);
		expect(jsonOf(result)[0].refusedRows).toHaveLength(1000);
		const list = refusedCsvOf(result.items[0].binary?.refused).trim().split('\n');
		expect(list).toHaveLength(1 + 1005);
		expect(list[1005]).toBe('1005,1006,bad-1005,Direction (direction) is required');
	});

	test('a re-run: duplicates are counted once and listed with the refused rows, or successes with Treat Duplicate as Success', async () => {
		const csv = [HEADER, ...goodRows('d', 3)].join('\n') + '\n';
		await importCsv(csv);
		const again = await importCsv([HEADER, ...goodRows('d', 4)].join('\n') + '\n');
		const [summary] = jsonOf(again);
		const refused = summary.refusedRows;
		expect(summary).toMatchObject({ rowsRead: 4, sent: 4, accepted: 1, duplicates: 3, refused: 0 });
		expect(refused).toEqual(
			[1, 2, 3].map((row) => ({
				row,
				line: row + 1,
				orig_id: `d-${row}`,
				reason: 'CDR ID already exists',
			})),
		);

		const tolerant = await importCsv([HEADER, ...goodRows('d', 5)].join('\n') + '\n', {
			treatDuplicateAsSuccess: true,
		});
		expect(jsonOf(tolerant)).toEqual([
			expect.objectContaining({
				rowsRead: 5,
				accepted: 1,
				duplicates: 4,
				refused: 0,
				refusedRows: [],
				lastCallDate: '2026-11-20 10:05:00',
			}),
		]);
		expect(stored().map((c) => c.orig_id)).toEqual(['d-1', 'd-2', 'd-3', 'd-4', 'd-5']);
	});

	test('a missing binary property is an error naming it', async () => {
		const result = await importCsv('x', { binaryPropertyName: 'file' });
		expect(result.error?.message).toMatch(/file/);
		expect(batchPosts()).toHaveLength(0);
	});
});

describe('Import File: a failure mid-file and resuming', () => {
	const csv = [HEADER, ...goodRows('f', 10)].join('\n') + '\n';

	test('an HTTP 500 on the third batch names the last acknowledged row; Start at Row resumes', async () => {
		node.sim().faults.push('pass', 'pass', 'http500');
		const failed = await importCsv(csv, { batchSize: 2, parallelBatches: 1 });
		expect(failed.error?.message).toMatch(
			/^The billing platform failed on the batch of rows 5–6: HTTP 500 .*Last row acknowledged: 4\. To resume, set Start at Row to 5\.$/,
		);
		expect(failed.error?.message).not.toContain(DEMO_KEY);
		expect(failed.error?.description).toMatch(/^Before the failure: 4 CDRs accepted/);
		expect(stored().map((c) => c.orig_id)).toEqual(['f-1', 'f-2', 'f-3', 'f-4']);

		const resumed = await importCsv(csv, {
			batchSize: 2,
			parallelBatches: 1,
			importOptions: { startAtRow: 5 },
		});
		expect(jsonOf(resumed)).toEqual([
			expect.objectContaining({
				rowsRead: 10,
				skipped: 4,
				sent: 6,
				accepted: 6,
				refused: 0,
				batches: 3,
				firstCallDate: '2026-11-20 10:05:00',
			}),
		]);
		expect(stored().map((c) => c.orig_id)).toEqual(goodRows('f', 10).map((l) => l.split(',')[0]));
	});

	test('a dropped connection is ridden through: the batch is sent again and every row stored once', async () => {
		node.sim().faults.push('pass', 'drop');
		const result = await importCsv(csv, { batchSize: 3, parallelBatches: 2 });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({
			sent: 10,
			accepted: 10,
			duplicates: 0,
			refused: 0,
			retries: 1,
		});
		// Batches run in parallel: stored in the order they arrived, each once.
		expect(
			stored()
				.map((c) => c.orig_id)
				.sort(),
		).toEqual(
			goodRows('f', 10)
				.map((l) => l.split(',')[0])
				.sort(),
		);
	});

	test('a batch waiting to try again does not hold up the file: later batches go meanwhile, every row once', async () => {
		node.sim().modes.retryAfter = 1;
		node.sim().faults.push('http429');
		const result = await importCsv(csv, { batchSize: 2, parallelBatches: 1 });
		expect(jsonOf(result)[0]).toMatchObject({ sent: 10, accepted: 10, duplicates: 0, retries: 1 });
		const firsts = batchPosts().map((r) => (r.body as IDataObject[] | undefined)?.[0]?.orig_id);
		// The throttled first batch was stored after batches read later had already been sent.
		expect(firsts.lastIndexOf('f-1')).toBeGreaterThan(firsts.indexOf('f-3'));
		expect(
			stored()
				.map((c) => c.orig_id)
				.sort(),
		).toEqual(
			goodRows('f', 10)
				.map((l) => l.split(',')[0])
				.sort(),
		);
	});

	test('a dropped connection with no time to wait out (through the simulator’s control, parallel batches) stops the file', async () => {
		const sim = node.sim();
		const control = await fetch(`${sim.url}/__simulator/fault`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ fault: 'drop', after: 1 }),
		});
		expect(await control.json()).toEqual({ success: true, queued: 2 });
		const failed = await importCsv(
			csv,
			{ batchSize: 3, parallelBatches: 2, importOptions: { outageSeconds: 0 } },
			{ continueOnFail: true },
		);
		// The second batch (rows 4–6) failed; the third may have arrived too: a resume treats duplicates as success.
		expect(jsonOf(failed)[0]).toMatchObject({
			accepted: 3,
			lastAcknowledgedRow: 3,
			resumeAtRow: 4,
			error: expect.stringMatching(/^The billing platform failed on the batch of rows 4–6: /),
		});
		const resumed = await importCsv(csv, {
			batchSize: 3,
			importOptions: { startAtRow: 4 },
			treatDuplicateAsSuccess: true,
		});
		expect(jsonOf(resumed)[0]).toMatchObject({ skipped: 3, sent: 7, refused: 0 });
		expect(
			stored()
				.map((c) => c.orig_id)
				.sort(),
		).toEqual(
			goodRows('f', 10)
				.map((l) => l.split(',')[0])
				.sort(),
		);
	});
});

describe('Import File: the header and several files', () => {
	test('a header without a required field stops the node before anything is sent', async () => {
		const result = await importCsv(
			'Call ID,startdate,callerid,destination\nx,2026-11-20 10:00:00,1,2\n',
		);
		expect(result.error?.message).toBe("The file's header has no column for orig_id, direction");
		expect(result.error?.description).toMatch(
			/^Header: Call ID, startdate, callerid, destination\./,
		);
		expect(batchPosts()).toHaveLength(0);
	});

	test('an item without a file (the reading node found none: an empty or wrong path) stops the run, saying so', async () => {
		const result = await runNode({
			nodeType,
			parameters: { operation: 'importFile', binaryPropertyName: 'data' },
			input: [{}],
			credentials: { baseUrl: node.sim().url, apiKey: DEMO_KEY },
		});
		expect(result.error?.message).toBe('No file in the input item’s "data"');
		expect(result.error?.description).toMatch(/its file path is empty or names no file/);
		expect(node.sim().requests).toHaveLength(0);
	});

	test('one summary per input item, each paired to its file', async () => {
		const result = await runNode({
			nodeType,
			parameters: { operation: 'importFile', binaryPropertyName: 'cdrs' },
			input: [{ site: 'a' }, { site: 'b' }],
			inputFiles: [
				{ cdrs: { content: [HEADER, ...goodRows('a', 2)].join('\n') + '\n', fileName: 'a.csv' } },
				{
					cdrs: {
						content: [HEADER, ...goodRows('b', 3), 'bad'].join('\n') + '\n',
						fileName: 'b.csv',
					},
				},
			],
			credentials: { baseUrl: node.sim().url, apiKey: DEMO_KEY },
		});
		expect(result.items.map((item) => [item.json.fileName, item.pairedItem])).toEqual([
			['a.csv', { item: 0 }],
			['b.csv', { item: 1 }],
		]);
		expect(jsonOf(result)[1].refusedRows).toEqual([expect.objectContaining({ orig_id: 'bad' })]);
		expect(jsonOf(result)[1]).toMatchObject({ rowsRead: 4, accepted: 3, refused: 1 });
		expect(stored()).toHaveLength(5);
	});
});

describe('Import File: batches and what is sent', () => {
	test('Parallel Batches requests are on their way at once, never more', async () => {
		const sim = node.sim();
		sim.latency.ms = 40;
		const csv = [HEADER, ...goodRows('pb', 30)].join('\n') + '\n';
		const three = await importCsv(csv, { batchSize: 3, parallelBatches: 3 });
		expect(jsonOf(three)[0]).toMatchObject({ accepted: 30, batches: 10 });
		expect(sim.concurrency.most).toBe(3);

		sim.concurrency.most = 0;
		const one = await importCsv([HEADER, ...goodRows('pb', 6, 31)].join('\n') + '\n', {
			batchSize: 3,
			parallelBatches: 1,
		});
		expect(jsonOf(one)[0]).toMatchObject({ accepted: 6, batches: 2 });
		expect(sim.concurrency.most).toBe(1);
		expect(stored()).toHaveLength(36);
	});

	test('batch edges: refused rows between full batches, the last row filling the last batch', async () => {
		const good = goodRows('e', 9);
		const csv =
			[
				HEADER,
				good[0],
				good[1],
				'e-bad1,2026-11-20 10:00:00,0412346601,sideways,0498765432,65,60',
				good[2],
				good[3],
				good[4],
				good[5],
				'e-bad2,2026-11-20 10:00:00,,outbound,0498765432,65,60',
				good[6],
				good[7],
				good[8],
			].join('\n') + '\n';
		const result = await importCsv(csv, { batchSize: 3, parallelBatches: 2 });
		const [summary] = jsonOf(result);
		const refused = summary.refusedRows;
		expect(summary).toMatchObject({
			rowsRead: 11,
			sent: 9,
			accepted: 9,
			refused: 2,
			batches: 3,
			firstCallDate: '2026-11-20 10:01:00',
			lastCallDate: '2026-11-20 10:09:00',
		});
		expect(refused).toEqual([
			{
				row: 3,
				line: 4,
				orig_id: 'e-bad1',
				reason: 'Direction (direction) must be inbound or outbound',
			},
			{ row: 8, line: 9, orig_id: 'e-bad2', reason: 'Caller ID (callerid) is required' },
		]);
		expect(batchPosts().map((post) => (post.body as IDataObject[]).map((c) => c.orig_id))).toEqual([
			['e-1', 'e-2', 'e-3'],
			['e-4', 'e-5', 'e-6'],
			['e-7', 'e-8', 'e-9'],
		]);
	});

	test(
		'text reaches the platform as written (quotes, backslashes, tabs, line breaks, control characters, ' +
			'accents, emoji); numbers as numbers',
		async () => {
			const csv =
				'orig_id,startdate,callerid,direction,destination,destination_info,duration,billsec,cost,privacy_flag\n' +
				't-1,2026-11-20 10:00:00,0412346601,outbound,0498765432,"She said ""hi"" \\ back",065, 60 ,0.0150,1\n' +
				't-2,2026-11-20 10:01:00,0412346601,outbound,0498765432,"tab\there, line\r\nbreak \u0001",0,0,-2.5,0\n' +
				't-3,2026-11-20 10:02:00,0412346601,outbound,0498765432,Café Zürich 📞,12345678901,7,,\n';
			const result = await importCsv(csv);
			expect(jsonOf(result)[0]).toMatchObject({ rowsRead: 3, accepted: 3, refused: 0 });
			expect(batchPosts()[0].body).toEqual([
				{
					orig_id: 't-1',
					startdate: '2026-11-20 10:00:00',
					callerid: '0412346601',
					direction: 'outbound',
					destination: '0498765432',
					destination_info: 'She said "hi" \\ back',
					duration: 65,
					billsec: 60,
					cost: 0.015,
					privacy_flag: 1,
				},
				{
					orig_id: 't-2',
					startdate: '2026-11-20 10:01:00',
					callerid: '0412346601',
					direction: 'outbound',
					destination: '0498765432',
					destination_info: 'tab\there, line\r\nbreak \u0001',
					duration: 0,
					billsec: 0,
					cost: -2.5,
					privacy_flag: 0,
				},
				{
					orig_id: 't-3',
					startdate: '2026-11-20 10:02:00',
					callerid: '0412346601',
					direction: 'outbound',
					destination: '0498765432',
					destination_info: 'Café Zürich 📞',
					duration: 12345678901,
					billsec: 7,
				},
			]);
			expect(stored().map((c) => c.destination_info)).toEqual([
				'She said "hi" \\ back',
				'tab\there, line\r\nbreak \u0001',
				'Café Zürich 📞',
			]);
		},
	);

	test('every row is checked with Add Many’s rules: the same values are refused for the same reasons', async () => {
		const columns = ['startdate', 'callerid', 'direction', 'duration', 'billsec', 'enddate'];
		const cases: string[][] = [
			['2026-11-20 10:00:00', '0412346601', 'outbound', '65', '60', ''],
			['2026-11-20T10:00:00+11:00', '0412346601', ' Inbound ', '65', '60', '2026-11-20'],
			['  ', '0412346601', 'outbound', '65', '60', ''],
			['2026-13-01 00:00:00', '0412346601', 'outbound', '65', '60', ''],
			['2026-02-29 10:00:00', '0412346601', 'outbound', '65', '60', ''],
			['2028-02-29 10:00:00', '0412346601', 'outbound', '65', '60', ''],
			['2026-11-20 24:00:00', '0412346601', 'outbound', '65', '60', ''],
			['2026-11-20 10:00:00', '', 'outbound', '65', '60', ''],
			['2026-11-20 10:00:00', '0412346601', 'sideways', '65', '60', ''],
			['2026-11-20 10:00:00', '0412346601', 'outbound', '1.5', '60', ''],
			['2026-11-20 10:00:00', '0412346601', 'outbound', '65', '-1', ''],
			['2026-11-20 10:00:00', '0412346601', 'outbound', '65', 'x', ''],
			['2026-11-20 10:00:00', '0412346601', 'outbound', '65', '60', 'yesterday'],
		];
		const csv =
			[
				`orig_id,destination,${columns.join(',')}`,
				...cases.map((values, i) => `i-${i + 1},0498765432,${values.join(',')}`),
			].join('\n') + '\n';
		const imported = await importCsv(csv);
		const [summary] = jsonOf(imported);
		const refused = summary.refusedRows as IDataObject[];
		const importReasons = cases.map(
			(_, i) => refused.find((r) => r.row === i + 1)?.reason ?? 'accepted',
		);

		const addMany = await node.run(
			{ operation: 'addMany', dataMode: 'autoMap' },
			{
				continueOnFail: true,
				input: cases.map((values, i) => ({
					orig_id: `a-${i + 1}`,
					destination: '0498765432',
					// Numbers as an n8n item carries them (the rules read them the same either way).
					...Object.fromEntries(
						columns.map((column, k) => {
							const number = column === 'duration' || column === 'billsec';
							const value = values[k];
							return [column, number && Number.isFinite(Number(value)) ? Number(value) : value];
						}),
					),
				})),
			},
		);
		const addManyReasons = jsonOf(addMany).map((item) =>
			item.success === true ? 'accepted' : item.error,
		);
		expect(importReasons).toEqual(addManyReasons);
		expect(summary).toMatchObject({ accepted: 3, refused: cases.length - 3 });
		expect(stored().filter((c) => c.orig_id.startsWith('i-'))).toEqual(
			stored()
				.filter((c) => c.orig_id.startsWith('a-'))
				.map((c) => expect.objectContaining({ startdate: c.startdate, direction: c.direction })),
		);
	});
});

describe('Import File: one summary item per file, whose figures add up to the rows read', () => {
	test('refused rows travel inside the summary item, never as items of their own: a next node runs once per file', async () => {
		const csv =
			[HEADER, ...goodRows('s', 2), 's-bad1,2026-11-20 10:00:00,,outbound,0498765432,65,60'].join(
				'\n',
			) + '\n';
		const result = await importCsv(csv);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(jsonOf(result)[0]).toMatchObject({
			rowsRead: 3,
			accepted: 2,
			refused: 1,
			refusedRows: [
				{ row: 3, line: 4, orig_id: 's-bad1', reason: 'Caller ID (callerid) is required' },
			],
		});
	});

	test('a clean file: refusedRows is an empty list, so every summary has the same fields', async () => {
		const result = await importCsv([HEADER, ...goodRows('c', 2)].join('\n') + '\n');
		expect(jsonOf(result)).toEqual([expect.objectContaining({ refused: 0, refusedRows: [] })]);
	});

	test('Treat Duplicate as Success off: a duplicate is counted once, under duplicates; accepted + duplicates + refused = rows read', async () => {
		await importCsv([HEADER, ...goodRows('d', 3)].join('\n') + '\n');
		const again = await importCsv(
			[
				HEADER,
				...goodRows('d', 4),
				'd-bad,2026-11-20 10:00:00,,outbound,0498765432,65,60',
				'',
			].join('\n'),
		);
		const [summary] = jsonOf(again);
		expect(summary).toMatchObject({ rowsRead: 5, accepted: 1, duplicates: 3, refused: 1 });
		const { rowsRead, skipped, accepted, duplicates, refused } = summary as Record<string, number>;
		expect(skipped + accepted + duplicates + refused).toBe(rowsRead);
	});
});

describe('Import File: the refused rows file is safe to open', () => {
	test('an orig_id or reason a spreadsheet would run is written with a quote before it', async () => {
		const csv =
			[
				HEADER,
				'=HYPERLINK("http://x.example"),2026-11-20 10:00:00,0412346601,,0498765432,65,60',
				'@SUM(1+1),2026-11-20 10:01:00,0412346601,sideways,0498765432,65,60',
				...goodRows('ok', 1),
			].join('\n') + '\n';
		const result = await importCsv(csv);
		const list = refusedCsvOf(result.items[0].binary?.refused).trim().split('\n');
		expect(list[1]).toMatch(/^1,2,"'=HYPERLINK\(""http:\/\/x\.example""\)",/);
		expect(list[2]).toMatch(/^2,3,'@SUM\(1\+1\),/);
	});
});
