import { setOwn } from '../shared/input/keys';
import { OVERDUE_BANDS } from './reportTrigger.keys';

/**
 * What the Report Trigger remembers between polls, in n8n's static data: digests and ids, never rows. Keys are
 * row keys as reportTrigger.rows.ts keyText writes them (plain ids, or "~" and a digest).
 */
export interface ReportMemory {
	/** Account Overdue: each overdue account's band at the last poll, 1 (1–29 days) to 5 (120 or more). */
	overdue?: Map<string, number>;
	/** Customer Ended, Service Started, Invoice Issued: each event seen, with the platform day it was first seen. */
	seen?: Map<string, string>;
	/**
	 * Report Rows Added or Changed: each key of the last answer, with a digest of each row's watched columns (one
	 * a row: a key that is not unique in the report holds the digests of all its rows).
	 */
	rows?: Map<string, string[]>;
}

/** The stored form (about 7 bytes an overdue account, 8 to 12 an event, 16 to 20 a row). */
export interface StoredReportState {
	version: 1;
	/**
	 * What the memory is of: its watch's meaning (6 characters) and credential (3), reportTrigger.watch.ts. What a
	 * poll of another meaning or credential makes of it is reportTrigger.carry.ts's.
	 */
	of: string;
	/** The meaning itself (reportTrigger.watch.ts WatchMeaning), so an edited watch can read as it did; optional:
	 * earlier builds kept none. */
	watch?: unknown;
	/** The mark of the poll that wrote it (melbourneMark). */
	polledAt: string;
	/** Keys by band, comma-separated. */
	overdue?: Record<string, string>;
	/** Keys by the day first seen, comma-separated. */
	seen?: Record<string, string>;
	/** `key:digest` pairs, comma-separated; a key shared by rows once for each row. */
	rows?: string;
}

const KEY = /^(~[A-Za-z0-9_-]{10}|\d{1,15}(\.\d{1,15})*)$/;
const DIGEST = /^[A-Za-z0-9_-]{8}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const list = (text: unknown): string[] | undefined => {
	if (typeof text !== 'string') return undefined;
	const keys = text ? text.split(',') : [];
	return keys.every((key) => KEY.test(key)) ? keys : undefined;
};

function grouped<T>(
	stored: unknown,
	groupOk: (group: string) => boolean,
	value: (group: string) => T,
): Map<string, T> | undefined {
	if (stored === undefined) return new Map();
	if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return undefined;
	const map = new Map<string, T>();
	for (const [group, text] of Object.entries(stored)) {
		const keys = list(text);
		if (!groupOk(group) || !keys) return undefined;
		for (const key of keys) map.set(key, value(group));
	}
	return map;
}

/** A memory as stored, with what it is of (its meaning still to be checked: reportTrigger.watch.ts readMeaning). */
export interface KeptMemory {
	of: string;
	watch?: unknown;
	memory: ReportMemory;
}

const OF = /^[A-Za-z0-9_-]{9}$/;

/**
 * The memory as stored, checked before use: undefined when there is none, or when any part of it is not what this
 * package writes. The trigger then takes a new baseline, never events from a memory it cannot read.
 */
export function readMemory(stored: unknown): KeptMemory | undefined {
	if (stored === null || typeof stored !== 'object') return undefined;
	const state = stored as Partial<StoredReportState>;
	if (state.version !== 1 || typeof state.of !== 'string' || !OF.test(state.of)) return undefined;
	const overdue = grouped(
		state.overdue,
		(band) => OVERDUE_BANDS.includes(band),
		(band) => OVERDUE_BANDS.indexOf(band) + 1,
	);
	const seen = grouped(
		state.seen,
		(day) => DAY.test(day),
		(day) => day,
	);
	let rows: Map<string, string[]> | undefined = new Map();
	if (state.rows !== undefined) {
		if (typeof state.rows !== 'string') return undefined;
		for (const pair of state.rows ? state.rows.split(',') : []) {
			const [key, value, ...rest] = pair.split(':');
			if (!KEY.test(key) || !DIGEST.test(value ?? '') || rest.length) {
				rows = undefined;
				break;
			}
			rows.set(key, [...(rows.get(key) ?? []), value]);
		}
	}
	if (!overdue || !seen || !rows) return undefined;
	return { of: state.of, watch: state.watch, memory: { overdue, seen, rows } };
}

/** The memory as stored: each part only when the watch keeps it. */
export function writeMemory(
	memory: ReportMemory,
	of: string,
	polledAt: string,
	watch: object,
): StoredReportState {
	const state: StoredReportState = { version: 1, of, polledAt, watch };
	if (memory.overdue) {
		const byBand: Record<string, string[]> = {};
		for (const [key, level] of memory.overdue) (byBand[OVERDUE_BANDS[level - 1]] ??= []).push(key);
		state.overdue = {};
		for (const band of OVERDUE_BANDS)
			if (byBand[band]) setOwn(state.overdue, band, byBand[band].join(','));
	}
	if (memory.seen) {
		const byDay: Record<string, string[]> = {};
		for (const [key, day] of memory.seen) (byDay[day] ??= []).push(key);
		state.seen = {};
		for (const day of Object.keys(byDay).sort()) setOwn(state.seen, day, byDay[day].join(','));
	}
	if (memory.rows)
		state.rows = [...memory.rows]
			.flatMap(([key, values]) => values.map((value) => `${key}:${value}`))
			.join(',');
	return state;
}
