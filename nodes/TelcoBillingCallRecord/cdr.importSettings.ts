import { operationError } from '../shared/errors/made';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { RetryPolicy } from '../shared/transport/retry';
import { asteriskMapper, fieldsFromList, positionMapper, specField } from './cdr.columns';
import type { ColumnLayout, RowMapper } from './cdr.columns';
import { getOwn, setOwn } from '../shared/input/keys';
import { cdrSwitch } from './cdr.switches';

const DELIMITER_OPTIONS: Record<string, string | undefined> = {
	auto: undefined,
	comma: ',',
	semicolon: ';',
	tab: '\t',
	pipe: '|',
};

/** How long a file waits out a platform that is down before it stops, unless the user says otherwise. */
export const DEFAULT_OUTAGE_SECONDS = 300;

export interface ImportSettings {
	property: string;
	layout: ColumnLayout;
	mapper?: RowMapper;
	/** No header: how many columns Column Names lists (a row with fewer was cut short). */
	namedColumns?: number;
	renames: Record<string, string>;
	delimiter?: string;
	startAtRow: number;
	/** The file's last line when no line break follows it: never sent; refused, or held back (cdr.cutLines.ts). */
	unfinishedLastLine: 'refuse' | 'holdBack';
	progressEvery: number;
	batchSize: number;
	parallel: number;
	duplicateIsSuccess: boolean;
	/** Each batch keeps trying through transient failures for up to Wait Out Outages. */
	retry: RetryPolicy;
}

function mapperOf(context: IExecuteFunctions, itemIndex: number, layout: ColumnLayout) {
	const renames: Record<string, string> = {};
	if (layout === 'header') {
		const mapping = context.getNodeParameter('columnMapping', itemIndex, {}) as {
			mappings?: Array<{ column?: string; field?: string }>;
		};
		for (const { column, field } of mapping.mappings ?? []) {
			if (column && field) setOwn(renames, column, field);
		}
		return { renames, mapper: undefined };
	}
	if (layout === 'positions') {
		const positions = fieldsFromList(
			String(context.getNodeParameter('columnNames', itemIndex, '')),
		);
		const unknown = positions.filter((name) => name !== '' && !specField(name));
		if (unknown.length)
			throw operationError(
				context.getNode(),
				`Column Names has names that are not CDR fields: ${unknown.join(', ')}`,
				{
					itemIndex,
					description:
						'Use the spec’s field names (orig_id, startdate, …), or leave a position empty to skip that column.',
				},
			);
		return {
			renames,
			mapper: positionMapper(positions.map((name) => specField(name) ?? '')),
			namedColumns: positions.length,
		};
	}
	const mapper = asteriskMapper(
		context.getNodeParameter('asteriskDirection', itemIndex, 'outbound') as
			| 'inbound'
			| 'outbound'
			| 'byContext',
		fieldsFromList(String(context.getNodeParameter('inboundContexts', itemIndex, ''))),
	);
	return { renames, mapper };
}

/** Delimiter's choice from its value: blank is auto, a delimiter character its choice; undefined for any other. */
function delimiterChoice(value: unknown): string | undefined {
	const text = value === undefined || value === null ? '' : String(value);
	if (text.trim() === '') return text === '\t' ? 'tab' : 'auto';
	const names = Object.keys(DELIMITER_OPTIONS);
	return names.includes(text)
		? text
		: names.find((name) => getOwn(DELIMITER_OPTIONS, name) === text);
}

/** Import File's parameters for one input item. */
export function importSettingsOf(context: IExecuteFunctions, itemIndex: number): ImportSettings {
	const layout = context.getNodeParameter('columnLayout', itemIndex, 'header') as ColumnLayout;
	const options = context.getNodeParameter('importOptions', itemIndex, {}) as IDataObject;
	// Delimiter may be an expression: blank is Auto-Detect, the character itself is its choice (as earlier builds
	// read them); any other value is refused, never guessed (nor read as a key).
	const delimiterName = delimiterChoice(options.delimiter);
	if (delimiterName === undefined)
		throw operationError(
			context.getNode(),
			`Delimiter (delimiter) must be one of: ${Object.keys(DELIMITER_OPTIONS).join(', ')}`,
			{ itemIndex },
		);
	const outageSeconds = Number(options.outageSeconds ?? DEFAULT_OUTAGE_SECONDS);
	return {
		property: String(context.getNodeParameter('binaryPropertyName', itemIndex, 'data')),
		layout,
		...mapperOf(context, itemIndex, layout),
		delimiter: getOwn(DELIMITER_OPTIONS, delimiterName),
		startAtRow: Math.max(1, Math.floor(Number(options.startAtRow ?? 1)) || 1),
		unfinishedLastLine: options.unfinishedLastLine === 'holdBack' ? 'holdBack' : 'refuse',
		progressEvery: Math.max(1, Number(options.progressEvery ?? 10000) || 10000),
		batchSize: Math.max(1, Number(context.getNodeParameter('batchSize', 0, 500))),
		parallel: Math.max(1, Number(context.getNodeParameter('parallelBatches', 0, 2))),
		duplicateIsSuccess: cdrSwitch(context, 'treatDuplicateAsSuccess', 0),
		// Tries are bounded by time alone: an outage is waited out however many tries it takes.
		retry: {
			tries: Number.POSITIVE_INFINITY,
			baseMs: 250,
			// Short steps: once an outage ends, the file goes on within two seconds.
			capMs: 2_000,
			budgetMs:
				Math.max(0, Number.isFinite(outageSeconds) ? outageSeconds : DEFAULT_OUTAGE_SECONDS) * 1000,
		},
	};
}
