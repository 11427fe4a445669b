import type { INodeParameters } from 'n8n-workflow';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { runNode } from '../harness/engine';
import { DEMO_KEY, useNode } from '../harness/nodeRunner';

// Options can be expressions, so a dropdown's value can be any text. Names every object has ("constructor",
// "toString", "__proto__") picked Object's own members from the node's tables: an import's delimiter became a
// function (a TypeError from the CSV reader), and a binary field called "constructor" passed the "no file" check.
// Each is now refused before any request, naming the field. (Resource and Operation as expressions never reach
// the node: n8n refuses such a workflow as having issues; the tables are read as own keys all the same.)

const callRecord = new TelcoBillingCallRecord();
const node = useNode(callRecord);
const ODD = ['constructor', 'toString', '__proto__', 'valueOf'];
const CSV =
	'orig_id,startdate,callerid,direction,destination,duration,billsec\n' +
	'c-1,2026-11-20 10:00:00,0412346601,outbound,0498765432,65,60\n';

async function importWith(parameters: INodeParameters, property = 'data') {
	return await runNode({
		nodeType: callRecord,
		parameters: { operation: 'importFile', ...parameters },
		input: [{}],
		inputFiles: [{ [property]: { content: CSV, fileName: 'calls.csv', mimeType: 'text/csv' } }],
		credentials: { baseUrl: node.sim().url, apiKey: DEMO_KEY },
	});
}

describe.each(ODD)('%s', (name) => {
	test('as Import File’s Delimiter: refused naming the choices, nothing sent', async () => {
		const result = await importWith({ importOptions: { delimiter: name } });
		expect(result.error?.message).toBe(
			'Delimiter (delimiter) must be one of: auto, comma, semicolon, tab, pipe',
		);
		expect(node.sim().requests).toEqual([]);
	});

	test('as Import File’s Input Binary Field, with the file under "data": no file there, said so', async () => {
		const result = await importWith({ binaryPropertyName: name });
		expect(result.error?.message).toBe(`No file in the input item’s "${name}"`);
		expect(node.sim().requests).toEqual([]);
	});
});

test.each([
	['', 'auto-detected'],
	[';', 'the semicolon'],
])(
	'a Delimiter expression giving "%s" is read as before (%s): the file imports',
	async (delimiter) => {
		const semicolons = CSV.replace(/,/g, ';');
		const result = await runNode({
			nodeType: callRecord,
			parameters: { operation: 'importFile', importOptions: { delimiter } },
			input: [{}],
			inputFiles: [{ data: { content: semicolons, fileName: 'calls.csv', mimeType: 'text/csv' } }],
			credentials: { baseUrl: node.sim().url, apiKey: DEMO_KEY },
		});
		expect(result.error).toBeUndefined();
		expect(node.sim().state.cdrs.all.map((c) => c.orig_id)).toEqual(['c-1']);
	},
);
