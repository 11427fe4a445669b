import { CDR_FIELDS, FIELDS, REQUIRED } from './cdr.records';
import type { CdrValues } from './cdr.records';

/** How a file's columns become CDR fields. */
export type ColumnLayout = 'header' | 'positions' | 'asterisk';

export interface ColumnSettings {
	layout: ColumnLayout;
	/** Header name → spec field, for headers that are not the spec's names (layout 'header'). */
	renames: Record<string, string>;
	/** Spec field per column position, '' for a column to skip (layout 'positions'). */
	positions: string[];
	/** Asterisk: direction of every call, or 'byContext' with the contexts whose calls are inbound. */
	asteriskDirection: 'inbound' | 'outbound' | 'byContext';
	inboundContexts: string[];
}

/**
 * Asterisk's cdr-csv Master.csv columns (no header): accountcode, src, dst, dcontext, clid, channel,
 * dstchannel, lastapp, lastdata, start, answer, end, duration, billsec, disposition, amaflags, then
 * uniqueid when loguniqueid is on and userfield when loguserfield is on.
 */
const ASTERISK = {
	accountcode: 0,
	src: 1,
	dst: 2,
	dcontext: 3,
	channel: 5,
	lastapp: 7,
	start: 9,
	end: 11,
	duration: 12,
	billsec: 13,
	disposition: 14,
	uniqueid: 16,
};

const normalize = (name: string) => name.trim().toLowerCase();

/**
 * Puts a file record's fields into a CDR's values by position (every position written, so one list
 * serves row after row); built from the header record when there is one.
 */
export type RowMapper = (fields: string[], values: CdrValues) => void;

export function fieldsFromList(list: string): string[] {
	return list.split(',').map((name) => name.trim());
}

/** The spec field a column name stands for, or undefined (unknown names are checked by the caller). */
export function specField(name: string): string | undefined {
	const wanted = normalize(name);
	return Object.keys(CDR_FIELDS).find((field) => field === wanted);
}

/** Reads each field from one column; when two columns give the same field, the later one wins. */
function columnMapper(fieldOfColumn: Array<string | undefined>): RowMapper {
	const columnOf = FIELDS.map(() => -1);
	fieldOfColumn.forEach((field, column) => {
		const k = field ? FIELDS.indexOf(field) : -1;
		if (k >= 0) columnOf[k] = column;
	});
	return (fields, values) => {
		for (let k = 0; k < columnOf.length; k++) {
			const column = columnOf[k];
			values[k] = column < 0 ? undefined : fields[column];
		}
	};
}

/**
 * A mapper for files with a header record. Columns neither named as a spec field nor renamed are ignored;
 * `missing` lists the required fields no column gives (every row would be refused).
 */
export function headerMapper(
	header: string[],
	renames: Record<string, string>,
): RowMapper & { missing: string[] } {
	const renamed = new Map(Object.entries(renames).map(([from, to]) => [normalize(from), to]));
	const fieldOfColumn = header.map((name) => renamed.get(normalize(name)) ?? specField(name));
	const found = new Set(fieldOfColumn);
	return Object.assign(columnMapper(fieldOfColumn), {
		missing: REQUIRED.filter((field) => !found.has(field)),
	});
}

export function positionMapper(positions: string[]): RowMapper {
	return columnMapper(positions.map((field) => field || undefined));
}

const SLOT = Object.fromEntries(FIELDS.map((field, k) => [field, k]));

/**
 * Master.csv carries no direction and, unless loguniqueid is on, no id: orig_id is then the channel
 * and start time, which is unique per call leg on one Asterisk.
 */
export function asteriskMapper(
	direction: ColumnSettings['asteriskDirection'],
	inboundContexts: string[],
): RowMapper {
	const inbound = new Set(inboundContexts.map(normalize).filter(Boolean));
	return (fields, values) => {
		const at = (index: number) => fields[index] ?? '';
		const uniqueid = at(ASTERISK.uniqueid).trim();
		const context = normalize(at(ASTERISK.dcontext));
		const callDirection =
			direction === 'byContext' ? (inbound.has(context) ? 'inbound' : 'outbound') : direction;
		values.fill(undefined);
		values[SLOT.orig_id] = uniqueid || `${at(ASTERISK.channel)}@${at(ASTERISK.start)}`;
		values[SLOT.accountcode] = at(ASTERISK.accountcode);
		values[SLOT.callerid] = at(ASTERISK.src);
		values[SLOT.destination] = at(ASTERISK.dst);
		values[SLOT.application] = at(ASTERISK.lastapp);
		values[SLOT.startdate] = at(ASTERISK.start);
		values[SLOT.enddate] = at(ASTERISK.end);
		values[SLOT.duration] = at(ASTERISK.duration);
		values[SLOT.billsec] = at(ASTERISK.billsec);
		values[SLOT.disposition] = at(ASTERISK.disposition);
		values[SLOT.direction] = callDirection;
		if (callDirection === 'inbound') values[SLOT.did] = at(ASTERISK.dst);
	};
}
