import type { IDataObject } from 'n8n-workflow';
import { CDR_FIELDS, REQUIRED } from './cdr.records';

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

/** Turns a file's records into CDR-shaped objects; built from the header record when there is one. */
export type RowMapper = (fields: string[]) => IDataObject;

export function fieldsFromList(list: string): string[] {
	return list.split(',').map((name) => name.trim());
}

/** The spec field a column name stands for, or undefined (unknown names are checked by the caller). */
export function specField(name: string): string | undefined {
	const wanted = normalize(name);
	return Object.keys(CDR_FIELDS).find((field) => field === wanted);
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
	const columns: Array<[number, string]> = [];
	header.forEach((name, index) => {
		const field = renamed.get(normalize(name)) ?? specField(name);
		if (field) columns.push([index, field]);
	});
	const mapper = (fields: string[]) => {
		const row: IDataObject = {};
		for (const [index, field] of columns) row[field] = fields[index];
		return row;
	};
	const found = new Set(columns.map(([, field]) => field));
	return Object.assign(mapper, { missing: REQUIRED.filter((field) => !found.has(field)) });
}

export function positionMapper(positions: string[]): RowMapper {
	const columns = positions
		.map((field, index) => [index, field] as [number, string])
		.filter(([, field]) => field !== '');
	return (fields) => {
		const row: IDataObject = {};
		for (const [index, field] of columns) row[field] = fields[index];
		return row;
	};
}

/**
 * Master.csv carries no direction and, unless loguniqueid is on, no id: orig_id is then the channel
 * and start time, which is unique per call leg on one Asterisk.
 */
export function asteriskMapper(
	direction: ColumnSettings['asteriskDirection'],
	inboundContexts: string[],
): RowMapper {
	const inbound = new Set(inboundContexts.map(normalize).filter(Boolean));
	return (fields) => {
		const at = (index: number) => fields[index] ?? '';
		const uniqueid = at(ASTERISK.uniqueid).trim();
		const context = normalize(at(ASTERISK.dcontext));
		const row: IDataObject = {
			orig_id: uniqueid || `${at(ASTERISK.channel)}@${at(ASTERISK.start)}`,
			accountcode: at(ASTERISK.accountcode),
			callerid: at(ASTERISK.src),
			destination: at(ASTERISK.dst),
			application: at(ASTERISK.lastapp),
			startdate: at(ASTERISK.start),
			enddate: at(ASTERISK.end),
			duration: at(ASTERISK.duration),
			billsec: at(ASTERISK.billsec),
			disposition: at(ASTERISK.disposition),
			direction:
				direction === 'byContext' ? (inbound.has(context) ? 'inbound' : 'outbound') : direction,
		};
		if (row.direction === 'inbound') row.did = at(ASTERISK.dst);
		return row;
	};
}
