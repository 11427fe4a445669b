import type { CsvReader } from './cdr.csv';
import { CUT_SHORT } from './cdr.fieldCount';
import type { FieldCount } from './cdr.fieldCount';

/*
 * A cut line is a line of the file its writer may not have finished, never sent (docs/operations.md, "Call Record:
 * Import File"): a row with fewer fields than the file's rows have (cdr.fieldCount.ts), and the file's last line when
 * no line break (LF, CR or CRLF) follows it, whatever it holds: a switch still writing its export may have cut it
 * inside its last field (`…,70,65` read as `…,70,6`), where every field is present. Stored, the call would stay
 * billed wrong for good, its whole line in the next file refused as a duplicate.
 */

/** Why the file's last line, with no line break after it, is not sent. */
export const UNFINISHED =
	'The file’s last line has no line break after it: the writer may not have finished it (a file still being ' +
	'written?); it is sent when a later file holds it whole';

/** What is wrong with a record that is a cut line, and whether it is the file's unfinished last line. */
export interface CutLine {
	reason: string;
	/** The file's last line, with no line break after it: refused or held back, as Unfinished Last Line says. */
	unfinished: boolean;
}

/** The cut line a record of `count` fields is, just read by `reader`; undefined for a whole line. */
export function cutLineOf(
	fieldCount: FieldCount,
	count: number,
	reader: CsvReader,
): CutLine | undefined {
	const reason =
		fieldCount.refusalOf(count) ??
		(reader.cutShort ? CUT_SHORT : reader.unterminated ? UNFINISHED : undefined);
	return reason === undefined ? undefined : { reason, unfinished: reader.unterminated };
}
