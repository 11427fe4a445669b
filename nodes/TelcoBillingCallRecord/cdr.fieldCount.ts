import type { ImportSettings } from './cdr.importSettings';

/** Asterisk's Master.csv: 16 columns through amaflags, then uniqueid and userfield when they are logged. */
const ASTERISK_FIELDS = { least: 16, most: 18 };

const SAME = 'every row must have the header’s fields';
const CUT = 'a line cut short (a file still being written?)';

/** The last record of a file that ends inside a quoted field. */
export const CUT_SHORT =
	'The file ends inside a quoted field: the row was cut short (a file still being written?)';

/**
 * RFC 4180: every record of a file has the same number of fields. A row with fewer is a line cut short (a
 * switch still writing its export): read as it is, its last fields would be missing or cut, and the call
 * stored wrong for good (its whole line, later, refused as a duplicate). A row with more holds a delimiter
 * in a field that is not quoted, so its fields past it are shifted. Either is refused, never sent.
 * - With a header: the header's count.
 * - No header (Column Names): at least the columns named, and the same count as the file's first row that
 *   has them.
 * - Asterisk Master.csv: 16 to 18 (uniqueid and userfield are each logged only when configured).
 */
export class FieldCount {
	private expected?: number;

	private readonly least: number;

	constructor(private readonly settings: Pick<ImportSettings, 'layout' | 'namedColumns'>) {
		this.least = settings.namedColumns ?? 0;
	}

	/** The file's header record: every row has its count. */
	header(count: number): void {
		this.expected = count;
	}

	/** Why a row of `count` fields is refused, or undefined when it has the file's fields. */
	refusalOf(count: number): string | undefined {
		const { layout } = this.settings;
		if (layout === 'header') {
			if (count === this.expected) return undefined;
			const why = count < this.expected! ? CUT : 'a delimiter inside a field that is not quoted?';
			return `Row has ${count} fields where the header has ${this.expected}: ${why}; ${SAME}`;
		}
		if (layout === 'asterisk') {
			if (count >= ASTERISK_FIELDS.least && count <= ASTERISK_FIELDS.most) return undefined;
			const why =
				count < ASTERISK_FIELDS.least ? CUT : 'a delimiter inside a field that is not quoted?';
			return `Row has ${count} fields where Master.csv rows have ${ASTERISK_FIELDS.least} to ${ASTERISK_FIELDS.most}: ${why}`;
		}
		if (count < this.least)
			return `Row has ${count} fields where Column Names lists ${this.least}: ${CUT}; every row must have the same fields`;
		this.expected ??= count;
		if (count === this.expected) return undefined;
		return `Row has ${count} fields where the file’s first row has ${this.expected}: every row must have the same fields`;
	}
}
