import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { PLATFORM_MESSAGES } from '../shared/envelope';
import { errorItem, NOTHING_SENT, toSafeError } from '../shared/errors';
import { requestFor } from '../shared/items';
import { readCredential, secretsOfRequest } from '../shared/transport';
import type { RequestSettings } from '../shared/transport';
import {
	asteriskMapper,
	fieldsFromList,
	headerMapper,
	positionMapper,
	specField,
} from './cdr.columns';
import type { ColumnLayout, RowMapper } from './cdr.columns';
import { CsvReader } from './cdr.csv';
import { costRefusal, ImportBatch } from './cdr.importBatch';
import { FIELDS, normalizeCdr, ORIG_ID, refusalOf } from './cdr.records';
import type { CdrValues } from './cdr.records';

/** Bytes read from the file at a time. */
const CHUNK_SIZE = 256 * 1024;
/** Refused rows given as output items; all of them are in the CSV on the summary item. */
export const MAX_REFUSED_ITEMS = 1000;
const DELIMITER_OPTIONS: Record<string, string | undefined> = {
	auto: undefined,
	comma: ',',
	semicolon: ';',
	tab: '\t',
	pipe: '|',
};

interface Refused {
	row: number;
	line: number;
	orig_id: string;
	reason: string;
}

interface Stats {
	fileName?: string;
	rowsRead: number;
	skipped: number;
	sent: number;
	accepted: number;
	duplicates: number;
	refused: number;
	batches: number;
	seconds: number;
	firstCallDate: string | null;
	lastCallDate: string | null;
}

interface Settings {
	property: string;
	layout: ColumnLayout;
	mapper?: RowMapper;
	renames: Record<string, string>;
	delimiter?: string;
	startAtRow: number;
	progressEvery: number;
	batchSize: number;
	parallel: number;
	duplicateIsSuccess: boolean;
}

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

function settingsOf(context: IExecuteFunctions, itemIndex: number): Settings {
	const layout = context.getNodeParameter('columnLayout', itemIndex, 'header') as ColumnLayout;
	const options = context.getNodeParameter('importOptions', itemIndex, {}) as IDataObject;
	const renames: Record<string, string> = {};
	let mapper: RowMapper | undefined;
	if (layout === 'header') {
		const mapping = context.getNodeParameter('columnMapping', itemIndex, {}) as {
			mappings?: Array<{ column?: string; field?: string }>;
		};
		for (const { column, field } of mapping.mappings ?? []) {
			if (column && field) renames[column] = field;
		}
	} else if (layout === 'positions') {
		const positions = fieldsFromList(
			String(context.getNodeParameter('columnNames', itemIndex, '')),
		);
		const unknown = positions.filter((name) => name !== '' && !specField(name));
		if (unknown.length)
			throw new NodeOperationError(
				context.getNode(),
				`Column Names has names that are not CDR fields: ${unknown.join(', ')}`,
				{
					itemIndex,
					description:
						'Use the spec’s field names (orig_id, startdate, …), or leave a position empty to skip that column.',
				},
			);
		mapper = positionMapper(positions.map((name) => specField(name) ?? ''));
	} else {
		mapper = asteriskMapper(
			context.getNodeParameter('asteriskDirection', itemIndex, 'outbound') as
				| 'inbound'
				| 'outbound'
				| 'byContext',
			fieldsFromList(String(context.getNodeParameter('inboundContexts', itemIndex, ''))),
		);
	}
	return {
		property: String(context.getNodeParameter('binaryPropertyName', itemIndex, 'data')),
		layout,
		mapper,
		renames,
		delimiter: DELIMITER_OPTIONS[String(options.delimiter ?? 'auto')],
		startAtRow: Math.max(1, Math.floor(Number(options.startAtRow ?? 1)) || 1),
		progressEvery: Math.max(1, Number(options.progressEvery ?? 10000) || 10000),
		batchSize: Math.max(1, Number(context.getNodeParameter('batchSize', 0, 500))),
		parallel: Math.max(1, Number(context.getNodeParameter('parallelBatches', 0, 2))),
		duplicateIsSuccess: context.getNodeParameter('treatDuplicateAsSuccess', 0, false) as boolean,
	};
}

function csvField(value: unknown): string {
	const text = String(value ?? '');
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Import File: one CSV file per input item, read in pieces, parsed as it arrives, each row checked and
 * sent in batches through cdr/multiple/add. Rows never become items: the output is a summary per file
 * and the refused rows. A platform failure stops the file and names the row to resume from.
 */
export async function importFile(context: IExecuteFunctions): Promise<INodeExecutionData[]> {
	// Read once for every batch and for the secrets; when it cannot be read, each request reports why, as
	// any other does.
	const credentialData = await readCredential(context).catch(() => undefined);
	const secrets = await secretsOfRequest(context, { credentialData });
	const out: INodeExecutionData[] = [];
	const items = context.getInputData();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			out.push(...(await importOne(context, itemIndex, secrets, { credentialData })));
		} catch (error) {
			const safe = toSafeError(context.getNode(), error, itemIndex, secrets);
			if (!context.continueOnFail()) throw safe;
			out.push(errorItem(safe, itemIndex, context.getNode().onError === 'continueErrorOutput'));
		}
	}
	return out;
}

async function importOne(
	context: IExecuteFunctions,
	itemIndex: number,
	secrets: string[],
	requestSettings: RequestSettings,
): Promise<INodeExecutionData[]> {
	const started = Date.now();
	const settings = settingsOf(context, itemIndex);
	const binary = context.helpers.assertBinaryData(itemIndex, settings.property);
	const stats: Stats = {
		fileName: binary.fileName,
		rowsRead: 0,
		skipped: 0,
		sent: 0,
		accepted: 0,
		duplicates: 0,
		refused: 0,
		batches: 0,
		seconds: 0,
		firstCallDate: null,
		lastCallDate: null,
	};
	const refusedItems: INodeExecutionData[] = [];
	const refusedCsv: string[] = ['row,line,orig_id,reason'];
	const refuse = (entry: Refused) => {
		stats.refused++;
		refusedCsv.push(
			`${entry.row},${entry.line},${csvField(entry.orig_id)},${csvField(entry.reason)}`,
		);
		if (refusedItems.length < MAX_REFUSED_ITEMS)
			refusedItems.push({ json: { ...entry }, pairedItem: { item: itemIndex } });
	};

	let mapper = settings.mapper;
	let batch = new ImportBatch();
	let acknowledged = settings.startAtRow - 1;
	const inFlight: Array<{
		batch: ImportBatch;
		outcome: Promise<{ body?: unknown; error?: unknown }>;
	}> = [];

	const send = (body: Buffer) =>
		requestFor(
			context,
			{
				method: 'POST',
				url: '/cdr/multiple/add',
				headers: { 'Content-Type': 'application/json' },
				body,
			},
			itemIndex,
			secrets,
			requestSettings,
		).then(
			(answer) => ({ body: answer }),
			(error: unknown) => ({ error }),
		);

	// The oldest batch on its way: its answer, row by row, or the failure that stops the file.
	const settle = async () => {
		const { batch: sent, outcome } = inFlight.shift()!;
		const { body, error } = await outcome;
		let failure = error;
		if (!failure && (!Array.isArray(body) || body.length !== sent.size))
			failure = new Error('The platform answered a batch with a different number of results');
		if (failure) throw stopped(context, itemIndex, secrets, failure, sent, acknowledged, stats);
		stats.batches++;
		const results = body as IDataObject[];
		for (let position = 0; position < sent.size; position++) {
			const result = results[position] ?? {};
			if (result.success === true || result.success === 'true') {
				stats.accepted++;
				const date = sent.startdates[position];
				if (stats.firstCallDate === null || date < stats.firstCallDate) stats.firstCallDate = date;
				if (stats.lastCallDate === null || date > stats.lastCallDate) stats.lastCallDate = date;
				continue;
			}
			const reason = String(result.description ?? result.message ?? 'CDR refused');
			if (reason === PLATFORM_MESSAGES.cdrDuplicate) {
				stats.duplicates++;
				if (settings.duplicateIsSuccess) continue;
			}
			refuse({
				row: sent.rows[position],
				line: sent.lines[position],
				orig_id: sent.origIds[position],
				reason,
			});
		}
		acknowledged = sent.lastRow;
	};

	// Parallel Batches requests stay on their way while the next batch is read; a full batch waits only
	// for the oldest to be answered.
	const dispatch = async () => {
		while (inFlight.length >= settings.parallel) await settle();
		const body = batch.body();
		inFlight.push({ batch, outcome: send(body) });
		stats.sent += batch.size;
		// The next body is made about as big as this one, so it rarely has to grow.
		batch = new ImportBatch(body.length + (body.length >> 3));
	};

	let row = 0;
	// One row's values by field, reused for every row.
	const values: CdrValues = FIELDS.map(() => undefined);
	// Takes one record; true when a batch is full.
	const take = (fields: string[], line: number): boolean => {
		if (!mapper) {
			const fromHeader = headerMapper(fields, settings.renames);
			if (fromHeader.missing.length)
				throw new NodeOperationError(
					context.getNode(),
					`The file's header has no column for ${fromHeader.missing.join(', ')}`,
					{
						itemIndex,
						description:
							`Header: ${fields.slice(0, 30).join(', ')}. Name the columns with the ` +
							'spec’s field names, map them under Column Mapping, or choose another Columns ' +
							`layout. ${NOTHING_SENT}`,
					},
				);
			mapper = fromHeader;
			return false;
		}
		row++;
		stats.rowsRead++;
		if (stats.rowsRead % settings.progressEvery === 0) {
			context.logger.info(
				`Telco Billing CDR import: ${stats.rowsRead} rows read, ${stats.accepted} accepted, ` +
					`${stats.duplicates} duplicates, ${stats.refused} refused`,
				{ file: stats.fileName, row },
			);
		}
		if (row < settings.startAtRow) {
			stats.skipped++;
			return false;
		}
		mapper(fields, values);
		normalizeCdr(values);
		const refusal = refusalOf(values) ?? costRefusal(values);
		if (refusal) {
			refuse({ row, line, orig_id: String(values[ORIG_ID] ?? ''), reason: refusal });
			return false;
		}
		batch.add(row, line, values);
		return batch.size >= settings.batchSize;
	};

	const reader = new CsvReader(settings.delimiter);
	let failure: NodeOperationError | undefined;
	try {
		for await (const text of textOf(context, itemIndex, settings.property)) {
			reader.feed(text);
			for (let fields = reader.next(); fields; fields = reader.next())
				if (take(fields, reader.lineOfRecord)) await dispatch();
		}
		reader.finish();
		for (let fields = reader.next(); fields; fields = reader.next())
			if (take(fields, reader.lineOfRecord)) await dispatch();
		if (batch.size) await dispatch();
		while (inFlight.length) await settle();
	} catch (error) {
		const midFile = error instanceof NodeOperationError && error.context.resumeAtRow !== undefined;
		if (!midFile || !context.continueOnFail())
			throw toSafeError(context.getNode(), error, itemIndex, secrets);
		failure = error;
	}
	stats.seconds = Math.round(Date.now() - started) / 1000;
	context.logger.info(
		`Telco Billing CDR import finished: ${stats.rowsRead} rows read, ${stats.accepted} accepted, ` +
			`${stats.duplicates} duplicates, ${stats.refused} refused in ${stats.seconds} s`,
		{ file: stats.fileName },
	);

	const summary: INodeExecutionData = {
		json: { ...stats } as unknown as IDataObject,
		pairedItem: { item: itemIndex },
	};
	if (failure) {
		summary.json.error = failure.message;
		Object.assign(summary.json, {
			lastAcknowledgedRow: failure.context.lastAcknowledgedRow,
			resumeAtRow: failure.context.resumeAtRow,
		});
	}
	if (stats.refused > 0) {
		summary.binary = {
			refused: await context.helpers.prepareBinaryData(
				Buffer.from(refusedCsv.join('\n') + '\n', 'utf8'),
				'refused-rows.csv',
				'text/csv',
			),
		};
	}
	return [summary, ...refusedItems];
}

/** The error that stops a file: what failed, the last row the platform acknowledged, where to resume. */
function stopped(
	context: IExecuteFunctions,
	itemIndex: number,
	secrets: string[],
	failure: unknown,
	batch: ImportBatch,
	acknowledged: number,
	stats: Stats,
): NodeOperationError {
	const reason = toSafeError(context.getNode(), failure, itemIndex, secrets).message;
	const resumeAt = batch.firstRow;
	const error = new NodeOperationError(
		context.getNode(),
		`The billing platform failed on the batch of rows ${resumeAt}–${batch.lastRow}: ` +
			`${reason}. Last row acknowledged: ${acknowledged}. To resume, set Start at Row to ${resumeAt}.`,
		{
			itemIndex,
			description:
				`Before the failure: ${stats.accepted} CDRs accepted, ${stats.duplicates} duplicates, ` +
				`${stats.refused} rows refused. A later batch may have reached the platform too: turn on ` +
				'Treat Duplicate as Success when resuming.',
		},
	);
	error.context.lastAcknowledgedRow = acknowledged;
	error.context.resumeAtRow = resumeAt;
	return error;
}
