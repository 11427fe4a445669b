import { NodeOperationError } from 'n8n-workflow';
import { getOwn } from '../shared/input/keys';
import { operationError } from '../shared/errors/made';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { eachItem } from '../shared/output/items';
import { readCredential } from '../shared/transport/transport';
import type { RequestSettings } from '../shared/transport/transport';
import { FileImport } from './cdr.importRun';
import { importSettingsOf } from './cdr.importSettings';
import { clock } from '../shared/transport/clock';

/** Bytes read from the file at a time. */
const CHUNK_SIZE = 256 * 1024;

/** The file's text, decoded piece by piece: streamed from n8n's binary store, or sliced from memory. */
async function* textOf(
	context: IExecuteFunctions,
	itemIndex: number,
	property: string,
): AsyncGenerator<string> {
	const binary = context.helpers.assertBinaryData(itemIndex, property);
	const decoder = new TextDecoder('utf-8');
	if (binary.id) {
		const stream = await context.helpers.getBinaryStream(binary.id, CHUNK_SIZE);
		for await (const chunk of stream) {
			const text = decoder.decode(chunk as Uint8Array, { stream: true });
			if (text) yield text;
		}
	} else {
		const buffer = await context.helpers.getBinaryDataBuffer(itemIndex, property);
		for (let start = 0; start < buffer.length; start += CHUNK_SIZE) {
			const text = decoder.decode(buffer.subarray(start, start + CHUNK_SIZE), { stream: true });
			if (text) yield text;
		}
	}
	const rest = decoder.decode();
	if (rest) yield rest;
}

/** The item's file, or a refusal that says where a file should have come from. */
function fileOf(context: IExecuteFunctions, itemIndex: number, property: string) {
	const item = context.getInputData()[itemIndex];
	if (!item?.binary || !getOwn(item.binary, property))
		throw operationError(context.getNode(), `No file in the input item’s "${property}"`, {
			itemIndex,
			description:
				`Import File reads the file a node before it put in the binary property "${property}" ` +
				'(Input Binary Field). The node that reads the file passed on an item without one: most often ' +
				'its file path is empty or names no file. Nothing was sent to the billing platform.',
		});
	return context.helpers.assertBinaryData(itemIndex, property);
}

async function importOne(
	context: IExecuteFunctions,
	itemIndex: number,
	secrets: string[],
	requestSettings: RequestSettings,
): Promise<INodeExecutionData[]> {
	const started = clock().now();
	const settings = importSettingsOf(context, itemIndex);
	const binary = fileOf(context, itemIndex, settings.property);
	const run = new FileImport(
		context,
		itemIndex,
		settings,
		secrets,
		requestSettings,
		binary.fileName,
	);
	// A file stopped mid-way under Continue On Fail still reports what was imported and where to resume.
	const failure = await run.run(textOf(context, itemIndex, settings.property)).then(
		() => undefined,
		(error: unknown) => {
			const midFile =
				error instanceof NodeOperationError && error.context.resumeAtRow !== undefined;
			if (!midFile || !context.continueOnFail()) throw error;
			return error;
		},
	);
	run.stats.seconds = Math.round(clock().now() - started) / 1000;
	run.logProgress(' finished');
	return await run.output(failure);
}

/**
 * Import File: one CSV file per input item, read in pieces, parsed as it arrives, each row checked and
 * sent in batches through cdr/multiple/add. Rows never become items: the output is one summary per file,
 * its refused rows inside it.
 */
export async function importFile(context: IExecuteFunctions): Promise<INodeExecutionData[]> {
	// Read once for every batch and for the secrets; when it cannot be read, each request reports why, as
	// any other does.
	const credentialData = await readCredential(context).catch(() => undefined);
	return await eachItem(
		context,
		async (itemIndex, secrets) => await importOne(context, itemIndex, secrets, { credentialData }),
		{ credentialData },
	);
}
