import { operationError } from '../shared/errors/made';
import type {
	NodeOperationError,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { inert } from '../shared/output/spreadsheet';
import { PLATFORM_MESSAGES } from '../shared/platform/envelope';
import { RefusedAnswer } from '../shared/platform/failure';
import { toSafeError } from '../shared/output/errors';
import { NOTHING_SENT } from '../shared/input/rules';
import { requestFor } from '../shared/output/items';
import { Limiter } from '../shared/transport/limiter';
import type { RequestSettings, TryRecord } from '../shared/transport/transport';
import { headerMapper } from './cdr.columns';
import type { RowMapper } from './cdr.columns';
import { CsvReader } from './cdr.csv';
import { FieldCount } from './cdr.fieldCount';
import { cutLineOf } from './cdr.cutLines';
import { newStats } from './cdr.importStats';
import type { Stats } from './cdr.importStats';
import { ImportBatch } from './cdr.importBatch';
import type { ImportSettings } from './cdr.importSettings';
import { FIELDS, normalizeCdr, ORIG_ID, refusalOf } from './cdr.records';
import { notStoredRepeat, OrigIdsOfRun, repeatRefusal } from './cdr.repeats';
import type { CdrValues } from './cdr.records';
import { resultsInBatchOrder } from './cdr.results';

// Batches read and sent ahead of the oldest one still unanswered, per Parallel Batches place.
const UNCOUNTED_PER_SLOT = 4;

/** Refused rows listed in the summary item; all of them are in the CSV attached to it. */
const MAX_REFUSED_LISTED = 1000;

const HELD_MAYBE_THIS_ROW =
	`${PLATFORM_MESSAGES.cdrDuplicate}: may be this row, stored by an earlier try whose answer was lost, ` +
	'or another call’s; the API gives no way to read a call record back by its orig_id';

interface Sent {
	batch: ImportBatch;
	record: TryRecord;
	outcome: Promise<{ body?: unknown; error?: unknown }>;
}

/** A cell of the refused-rows file: quoted where CSV needs it, and never a formula a spreadsheet would run. */
function csvField(value: unknown): string {
	const text = inert(String(value ?? ''));
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One file's import, in the order it happens: rows are read (`take`), checked and written into a batch; a
 * full batch is sent (`dispatch`) while the next is read, up to Parallel Batches at once; the oldest batch's
 * answer is counted row by row (`settle`). Transient failures and outages are waited out by the transport
 * (within Wait Out Outages); only a lasting failure stops the file, naming the row to resume from.
 */
export class FileImport {
	readonly stats: Stats;

	private readonly refusedRows: IDataObject[] = [];

	private readonly refusedCsv = ['row,line,orig_id,reason'];

	private mapper?: RowMapper;

	/** How many fields every row must have: the header's, or what the layout reads (cdr.fieldCount.ts). */
	private readonly fieldCount: FieldCount;

	private batch = new ImportBatch();

	/** Batches sent and not yet counted, oldest first (counted in order, so the resume row stays exact). */
	private readonly inFlight: Sent[] = [];

	/**
	 * Parallel Batches requests at once. A batch waiting to try again gives its place up (the transport's
	 * `aside`), so one throttled batch does not hold up the file while later batches are read and sent.
	 */
	private readonly sending: Limiter;

	/** The file stopped: batches not yet sent stay unsent, and none waiting to try again tries. */
	private halted = false;

	/** Settles when the file stops: a batch waiting to try again stops waiting. */
	private readonly halt: Promise<void>;

	private endWaits!: () => void;

	/**
	 * Settles when a batch is answered: batches waiting out a failure then try at once instead of finishing
	 * their backoff, so the file goes on as soon as the platform is back (never before a Retry-After).
	 */
	private answered!: Promise<void>;

	private wake!: () => void;

	private acknowledged: number;

	private row = 0;

	/** The file's orig_ids so far: a row repeating one is not sent (cdr.repeats.ts). */
	private readonly origIds = new OrigIdsOfRun();

	/** Rows repeating an earlier row's call, counted once every batch is answered. */
	private readonly sameRows: Array<{ row: number; line: number; origId: string; of: number }> = [];

	private readonly refusedRowNumbers = new Set<number>();

	// One row's values by field, reused for every row.
	private readonly values: CdrValues = FIELDS.map(() => undefined);

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly itemIndex: number,
		private readonly settings: ImportSettings,
		private readonly secrets: string[],
		private readonly requestSettings: RequestSettings,
		fileName?: string,
	) {
		this.mapper = settings.mapper;
		this.fieldCount = new FieldCount(settings);
		this.sending = new Limiter(settings.parallel);
		this.halt = new Promise<void>((resolve) => (this.endWaits = resolve));
		this.nextAnswer();
		this.acknowledged = settings.startAtRow - 1;
		this.stats = newStats(fileName);
	}

	/**
	 * Reads the whole file and waits for every batch's answer. A file that stops sends nothing more and waits
	 * for the batches already in the air, so the summary counts every row that left n8n and only those.
	 */
	async run(text: AsyncIterable<string>): Promise<void> {
		let read = false;
		try {
			const reader = new CsvReader(this.settings.delimiter);
			for await (const piece of text) {
				reader.feed(piece);
				for (let fields = reader.next(); fields; fields = reader.next())
					if (this.take(fields, reader)) await this.dispatch();
			}
			reader.finish();
			for (let fields = reader.next(); fields; fields = reader.next())
				if (this.take(fields, reader)) await this.dispatch();
			if (this.batch.size) await this.dispatch();
			while (this.inFlight.length) await this.settle();
			this.settleRepeats();
			read = true;
		} finally {
			if (!read) await this.stopAndWait();
		}
	}

	/** The file stopped: batches already in the air end, each counted; no other is sent. */
	private async stopAndWait(): Promise<void> {
		this.stop();
		for (const { record, outcome } of this.inFlight.splice(0)) {
			await outcome;
			this.countTries(record);
		}
	}

	/** Nothing more is sent or sent again; batches waiting to try again give up at once. */
	private stop(): void {
		this.halted = true;
		this.endWaits();
	}

	/**
	 * The file's one summary item, its refused rows inside it: an item per refused row beside the summary
	 * would mix two shapes on one output (a table of blanks) and run the next node once per refused row.
	 */
	async output(failure?: NodeOperationError): Promise<INodeExecutionData[]> {
		const summary: INodeExecutionData = {
			json: { ...this.stats, refusedRows: this.refusedRows } as unknown as IDataObject,
		};
		if (failure) {
			summary.json.error = failure.message;
			summary.json.lastAcknowledgedRow = failure.context.lastAcknowledgedRow as number;
			summary.json.resumeAtRow = failure.context.resumeAtRow as number;
			// n8n sends an item to the error output only with its error attached (keeping only the message, which
			// says where to resume): a file stopped part-way is a failure, never a success filed as done.
			if (this.context.getNode().onError === 'continueErrorOutput') summary.error = failure;
		}
		if (this.refusedCsv.length > 1) {
			summary.binary = {
				refused: await this.context.helpers.prepareBinaryData(
					Buffer.from(this.refusedCsv.join('\n') + '\n', 'utf8'),
					'refused-rows.csv',
					'text/csv',
				),
			};
		}
		return [summary];
	}

	/** Takes one record of the file; true when the batch is full. */
	private take(fields: string[], reader: CsvReader): boolean {
		const line = reader.lineOfRecord;
		if (!this.mapper) {
			this.mapper = this.headerOf(fields);
			this.fieldCount.header(fields.length);
			return false;
		}
		const { stats, settings, values } = this;
		this.row++;
		stats.rowsRead++;
		if (stats.rowsRead % settings.progressEvery === 0) this.logProgress('');
		const cut = cutLineOf(this.fieldCount, fields.length, reader);
		if (this.row < settings.startAtRow) {
			stats.skipped++;
			return false;
		}
		this.mapper(fields, values);
		if (cut) {
			// Never sent, nor taken as the call's orig_id: the whole line may come in a later file.
			const origId = String(values[ORIG_ID] ?? '');
			const held = cut.unfinished && settings.unfinishedLastLine === 'holdBack';
			if (cut.unfinished)
				stats.unfinishedLastLine = {
					row: this.row,
					line,
					orig_id: origId,
					handled: held ? 'heldBack' : 'refused',
				};
			// A line held back is not counted as read: a later file brings it whole, to be read then.
			if (held) stats.rowsRead--;
			else this.refuse(this.row, line, origId, cut.reason);
			return false;
		}
		normalizeCdr(values);
		const reason = refusalOf(values);
		if (reason) {
			this.refuse(this.row, line, String(values[ORIG_ID] ?? ''), reason);
			return false;
		}
		const origId = values[ORIG_ID] as string;
		const repeat = this.origIds.repeatOf(origId, values, this.row);
		if (repeat?.same && settings.duplicateIsSuccess) {
			// A duplicate of its earlier row once that row is known held (settleRepeats).
			this.sameRows.push({ row: this.row, line, origId, of: repeat.of });
			return false;
		}
		if (repeat) {
			this.refuse(this.row, line, origId, repeatRefusal(origId, repeat, 'row'));
			return false;
		}
		this.batch.add(this.row, line, values);
		return this.batch.size >= settings.batchSize;
	}

	private headerOf(fields: string[]): RowMapper {
		const fromHeader = headerMapper(fields, this.settings.renames);
		if (!fromHeader.missing.length) return fromHeader;
		throw operationError(
			this.context.getNode(),
			`The file's header has no column for ${fromHeader.missing.join(', ')}`,
			{
				itemIndex: this.itemIndex,
				description:
					`Header: ${fields.slice(0, 30).join(', ')}. Name the columns with the ` +
					'spec’s field names, map them under Column Mapping, or choose another Columns ' +
					`layout. ${NOTHING_SENT}`,
			},
		);
	}

	/** Sends the batch; a full pipeline first waits for its oldest batch's answer. */
	private async dispatch(): Promise<void> {
		while (this.inFlight.length >= this.settings.parallel * UNCOUNTED_PER_SLOT) await this.settle();
		const { batch } = this;
		const body = batch.body();
		const record: TryRecord = { tries: 0, waitedMs: 0, earlierMayHaveReached: false };
		const outcome = this.sending
			.run(async (aside) => {
				if (this.halted) throw new Error('Not sent: the file stopped at an earlier batch');
				// A batch that failed for good stops the file at once: the next queued batch must not go.
				return await requestFor(
					this.context,
					{
						method: 'POST',
						url: '/cdr/multiple/add',
						headers: { 'Content-Type': 'application/json' },
						body,
					},
					this.itemIndex,
					this.secrets,
					// A batch may be sent again: the platform refuses an orig_id it already holds (settle counts those).
					{
						...this.requestSettings,
						repeatable: true,
						retry: this.settings.retry,
						record,
						aside: async (wait, hint) => {
							const answered = this.answered;
							await aside(async () => {
								await Promise.race([
									hint?.asked ? wait() : Promise.race([wait(), answered]),
									this.halt,
								]);
							});
							if (this.halted)
								throw new Error('Not sent again: the file stopped at an earlier batch');
						},
					},
				).then(
					(answer) => {
						this.nextAnswer();
						return answer;
					},
					(error: unknown) => {
						this.stop();
						throw error;
					},
				);
			})
			.then(
				(answer) => ({ body: answer }),
				(error: unknown) => ({ error }),
			)
			.then((result) => {
				// Counted once a try of the batch left n8n: a batch queued behind a failure never did.
				if (record.left) this.stats.sent += batch.size;
				return result;
			});
		this.inFlight.push({ batch, record, outcome });
		// The next body is made about as big as this one, so it rarely has to grow.
		this.batch = new ImportBatch(body.length + (body.length >> 3));
	}

	/** Wakes the batches waiting to try again, and arms the next wake-up. */
	private nextAnswer(): void {
		this.wake?.();
		this.answered = new Promise<void>((resolve) => (this.wake = resolve));
	}

	/** Counts the oldest batch's answer row by row, or stops the file on its failure. */
	private async settle(): Promise<void> {
		const { batch, record, outcome } = this.inFlight.shift()!;
		const { body, error } = await outcome;
		const { stats } = this;
		this.countTries(record);
		const paired = error ? undefined : resultsInBatchOrder(body, batch.origIds);
		const failure =
			typeof paired === 'string' ? new RefusedAnswer({ message: paired }, 'unmatched') : error;
		if (failure || !Array.isArray(paired)) {
			this.stop();
			throw this.stopped(failure, batch);
		}
		stats.batches++;
		const results = paired;
		for (let position = 0; position < batch.size; position++) {
			const result = results[position] ?? {};
			const reason = String(result.description ?? result.message ?? 'CDR refused');
			const duplicate = reason === PLATFORM_MESSAGES.cdrDuplicate;
			if (result.success === true || result.success === 'true') {
				this.accept(batch.startdates[position]);
				continue;
			}
			if (duplicate) {
				// Counted once, as a duplicate; listed with the refused rows unless it counts as success.
				stats.duplicates++;
				if (this.settings.duplicateIsSuccess) continue;
				// Held after a try whose answer was lost: this row stored then, or another call's; never counted as accepted.
				const why = record.earlierMayHaveReached ? HELD_MAYBE_THIS_ROW : reason;
				this.list(batch.rows[position], batch.lines[position], batch.origIds[position], why);
				continue;
			}
			this.refuse(batch.rows[position], batch.lines[position], batch.origIds[position], reason);
		}
		this.acknowledged = batch.lastRow;
	}

	/** A batch's tries beyond its first, and its waits between them. */
	private countTries(record: TryRecord): void {
		const { stats } = this;
		stats.retries += Math.max(0, record.tries - 1);
		stats.secondsWaiting = Math.round((stats.secondsWaiting * 1000 + record.waitedMs) / 100) / 10;
	}

	private accept(date: string): void {
		const { stats } = this;
		stats.accepted++;
		if (stats.firstCallDate === null || date < stats.firstCallDate) stats.firstCallDate = date;
		if (stats.lastCallDate === null || date > stats.lastCallDate) stats.lastCallDate = date;
	}

	/** Rows repeating an earlier row's call: duplicates where that row is held, else refused as it was. */
	private settleRepeats(): void {
		for (const { row, line, origId, of } of this.sameRows.splice(0)) {
			if (!this.refusedRowNumbers.has(of)) this.stats.duplicates++;
			else this.refuse(row, line, origId, notStoredRepeat(origId, of, 'row'));
		}
	}

	private refuse(row: number, line: number, origId: string, reason: string): void {
		this.stats.refused++;
		this.refusedRowNumbers.add(row);
		this.list(row, line, origId, reason);
	}

	private list(row: number, line: number, origId: string, reason: string): void {
		this.refusedCsv.push(`${row},${line},${csvField(origId)},${csvField(reason)}`);
		if (this.refusedRows.length < MAX_REFUSED_LISTED)
			this.refusedRows.push({ row, line, orig_id: origId, reason });
	}

	logProgress(state: string): void {
		const { stats } = this;
		this.context.logger.info(
			`Telco Billing CDR import${state}: ${stats.rowsRead} rows read, ${stats.accepted} accepted, ` +
				`${stats.duplicates} duplicates, ${stats.refused} refused` +
				(stats.retries ? `, ${stats.retries} retries` : ''),
			{ file: stats.fileName, row: this.row },
		);
	}

	/** The error that stops a file: what failed, the last row the platform acknowledged, where to resume. */
	private stopped(failure: unknown, batch: ImportBatch): NodeOperationError {
		const { context, itemIndex, stats } = this;
		const reason = toSafeError(context.getNode(), failure, itemIndex, this.secrets).message;
		const resumeAt = batch.firstRow;
		const error = operationError(
			context.getNode(),
			`The billing platform failed on the batch of rows ${resumeAt}–${batch.lastRow}: ` +
				`${reason}. Last row acknowledged: ${this.acknowledged}. To resume, set Start at Row to ${resumeAt}.`,
			{
				itemIndex,
				description:
					`Before the failure: ${stats.accepted} CDRs accepted, ${stats.duplicates} duplicates, ` +
					`${stats.refused} rows refused. A later batch may have reached the platform too: turn on ` +
					'Treat Duplicate as Success when resuming.',
			},
		);
		error.context.lastAcknowledgedRow = this.acknowledged;
		error.context.resumeAtRow = resumeAt;
		return error;
	}
}
