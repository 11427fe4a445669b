/** One file's summary, as its item gives it: rows read, sent, accepted, refused, and how the file ended. */
export interface Stats {
	fileName?: string;
	rowsRead: number;
	skipped: number;
	sent: number;
	accepted: number;
	duplicates: number;
	refused: number;
	batches: number;
	/** Requests sent again after a transient failure, and the time those batches spent waiting (summed). */
	retries: number;
	secondsWaiting: number;
	seconds: number;
	firstCallDate: string | null;
	lastCallDate: string | null;
	/**
	 * The file's last line when no line break follows it (cdr.cutLines.ts): never sent, and refused or held back as
	 * the Unfinished Last Line option says. Only in the summary of a file that has one.
	 */
	unfinishedLastLine?: {
		row: number;
		line: number;
		orig_id: string;
		handled: 'refused' | 'heldBack';
	};
}

/** A file's summary before its first row. */
export function newStats(fileName?: string): Stats {
	return {
		fileName,
		rowsRead: 0,
		skipped: 0,
		sent: 0,
		accepted: 0,
		duplicates: 0,
		refused: 0,
		batches: 0,
		retries: 0,
		secondsWaiting: 0,
		seconds: 0,
		firstCallDate: null,
		lastCallDate: null,
	};
}
