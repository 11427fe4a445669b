import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { useFilesystemBinaryStore } from '../harness/binaryStore';
import { runNode } from '../harness/engine';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';
// n8n's filesystem binary data mode (N8N_DEFAULT_BINARY_DATA_MODE=filesystem): the file is on disk and
// the item only holds its id, so the node has to stream it from the binary data service.
const nodeType = new TelcoBillingCallRecord();
const node = useNode(nodeType);
let removeStore: () => void;
beforeAll(async () => {
	removeStore = await useFilesystemBinaryStore();
});
afterAll(() => {
	removeStore?.();
});

test('a file in n8n’s filesystem binary store is streamed, and the refused rows CSV is stored there too', async () => {
	const rows = Array.from(
		{ length: 2500 },
		(_, i) =>
			`fs-${i + 1},2026-11-20 10:00:00,0412346601,${i === 1999 ? 'nowhere' : 'outbound'},0498765432,65,60`,
	);
	const csv = [
		'orig_id,startdate,callerid,direction,destination,duration,billsec',
		...rows,
		'',
	].join('\r\n');
	const result = await runNode({
		nodeType,
		parameters: { operation: 'importFile', batchSize: 1000 },
		input: [{}],
		inputFiles: [{ data: { content: csv, fileName: 'big.csv' } }],
		credentials: { baseUrl: node.sim().url, apiKey: DEMO_KEY },
	});
	const input = result.run.data.resultData.runData.Input[0].data!.main[0]![0].binary!.data;
	expect(input.id).toMatch(/^filesystem-v2:/);
	expect(input.data).toBe('filesystem-v2');

	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(1);
	const [summary] = jsonOf(result);
	expect(summary).toMatchObject({ rowsRead: 2500, accepted: 2499, refused: 1, batches: 3 });
	expect(summary.refusedRows).toEqual([
		{
			row: 2000,
			line: 2001,
			orig_id: 'fs-2000',
			reason: 'Direction (direction) must be inbound or outbound',
		},
	]);
	expect(node.sim().state.cdrs.all).toHaveLength(2499);

	const list = result.items[0].binary!.refused;
	expect(list.id).toMatch(/^filesystem-v2:/);
	const written = await Container.get(BinaryDataService).getAsBuffer(list);
	expect(written.toString('utf8')).toBe(
		'row,line,orig_id,reason\n2000,2001,fs-2000,Direction (direction) must be inbound or outbound\n',
	);
});
