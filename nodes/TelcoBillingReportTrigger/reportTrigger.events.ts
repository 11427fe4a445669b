import type { IDataObject } from 'n8n-workflow';
import { compareDecimal } from '../shared/input/money';
import { BAND_LABELS, OVERDUE_BANDS } from './reportTrigger.keys';
import type { ReportEvent } from './reportTrigger.keys';
import type { ReportMemory } from './reportTrigger.memory';
import { addCalendarDays } from './reportTrigger.window';
import { cell, keyText, valueDigest } from './reportTrigger.rows';

/** What a watch needs to turn a report's rows into events. */
export interface EventRules {
	event: ReportEvent;
	report: string;
	/** The columns that tell rows apart. */
	keyColumns: string[];
	/** Customer Ended: the column dating the event; a row of a known key with a later date is a new event. */
	dated?: string;
	/** Report Rows: the columns whose change counts; undefined: every column. */
	watchColumns?: string[];
	/** Account Overdue: the first band that counts, 1 (1–29 days) to 5 (120 or more). */
	firstLevel: number;
	/** The platform's today and how many days a dated event stays remembered after it was first seen. */
	today: string;
	keepDays: number;
}

/** One event, before n8n makes it an item: its fields. */
export type Emitted = IDataObject;

/** An account's band: the latest overdue band it owes anything in, 1 to 5; 0 when nothing is overdue. */
export function levelOf(row: IDataObject): number {
	let level = 0;
	OVERDUE_BANDS.forEach((band, index) => {
		const amount = cell(row, band);
		if (typeof amount === 'string' && compareDecimal(amount, '0') > 0) level = index + 1;
	});
	return level;
}

function overdueEvent(row: IDataObject, level: number, previous: number, date: string): Emitted {
	const band = OVERDUE_BANDS[level - 1];
	return {
		event: 'accountOverdue',
		date,
		cid: cell(row, 'cid') as IDataObject[string],
		display_name: cell(row, 'display_name') as IDataObject[string],
		band,
		bandLabel: BAND_LABELS[band],
		previousBand: previous ? OVERDUE_BANDS[previous - 1] : null,
		balance: cell(row, 'balance') as IDataObject[string],
		bands: Object.fromEntries(
			['current', ...OVERDUE_BANDS].map((name) => [name, cell(row, name) ?? null]),
		) as IDataObject,
	};
}

/**
 * Account Overdue: an account that enters a band at or after the first band that counts, or moves to a later
 * band, once. A payment that moves it back is remembered (no event), so reaching a later band again is a new
 * event; an account that leaves the report (paid, or no longer owing) is forgotten, so one overdue again after
 * being paid is a new event.
 */
function accountsOverdue(
	rows: IDataObject[],
	rules: EventRules,
	before: Map<string, number> | undefined,
): { events: Emitted[]; overdue: Map<string, number> } {
	// A customer listed twice (a platform may) counts once, at the later band.
	const overdue = new Map<string, number>();
	const shown = new Map<string, IDataObject>();
	for (const row of rows) {
		const key = keyText(row, rules.keyColumns);
		const level = levelOf(row);
		if (level > (overdue.get(key) ?? 0)) {
			overdue.set(key, level);
			shown.set(key, row);
		}
	}
	const events: Emitted[] = [];
	for (const [key, level] of overdue) {
		const previous = before?.get(key) ?? 0;
		// Without a memory (the baseline with Emit Existing Rows Once) every account counts from nothing.
		if (level >= rules.firstLevel && level > previous)
			events.push(overdueEvent(shown.get(key)!, level, previous, rules.today));
	}
	return { events, overdue };
}

/** A named event's fields: its name, then the row's own (a field of the row named `event` cannot rename it). */
function namedEvent(event: ReportEvent, row: IDataObject): Emitted {
	return Object.assign({ event }, row, { event });
}

const DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * Customer Ended, Service Started, Invoice Issued: each row whose key was never seen, once (for Customer Ended,
 * also a known customer's later last date). Rows that leave the report and come back are the same events. Each
 * is remembered with its date (the last date, or the day it was first seen) until it is out of the report's
 * window for sure (`keepDays` before today).
 */
function datedEvents(
	rows: IDataObject[],
	rules: EventRules,
	before: Map<string, string> | undefined,
): { events: Emitted[]; seen: Map<string, string> } {
	const oldest = addCalendarDays(rules.today, -rules.keepDays);
	const seen = new Map([...(before ?? [])].filter(([, day]) => day >= oldest));
	const events: Emitted[] = [];
	for (const row of rows) {
		const key = keyText(row, rules.keyColumns);
		const dated = rules.dated ? String(cell(row, rules.dated) ?? '') : '';
		const day = DAY.test(dated) ? dated.slice(0, 10) : rules.today;
		const known = seen.get(key);
		if (known !== undefined && (!rules.dated || day <= known)) continue;
		seen.set(key, day);
		if (before) events.push(namedEvent(rules.event, row));
	}
	return { events, seen };
}

/**
 * Where an earlier build kept a row whose key other rows shared: under a digest of the key, what the row held and
 * how many rows before it held the same. Read so that a memory it wrote tells those rows as they were, not as
 * added (a row changed in the poll after the upgrade is then added, once).
 */
const sharedKeyOfEarlierBuilds = (key: string, value: string, n: number) =>
	keyText({ key, value, n }, ['key', 'value', 'n']);

/**
 * Report Rows Added or Changed: a row whose key was not in the last answer is added; one whose watched columns
 * hold something else is changed. A key that is not unique in the report (two credit notes on one invoice) keeps
 * each of its rows' digests: a row now holding what one of them holds is that row, unchanged; the others are
 * paired with the digests left, changed, and any row beyond those is added. Each row so gives at most one event,
 * and a row that leaves or joins a shared key is no event for the rows that stay.
 */
function reportRowEvents(
	rows: IDataObject[],
	rules: EventRules,
	before: Map<string, string[]> | undefined,
): { events: Emitted[]; rows: Map<string, string[]> } {
	const groups = new Map<string, Array<{ row: IDataObject; value: string; index: number }>>();
	rows.forEach((row, index) => {
		const key = keyText(row, rules.keyColumns);
		const entry = { row, value: valueDigest(row, rules.watchColumns), index };
		const group = groups.get(key);
		if (group) group.push(entry);
		else groups.set(key, [entry]);
	});
	const now = new Map<string, string[]>();
	const changes: Array<{ row: IDataObject; change: 'added' | 'changed'; index: number }> = [];
	for (const [key, group] of groups) {
		now.set(
			key,
			group.map(({ value }) => value),
		);
		const remembered = [...(before?.get(key) ?? [])];
		if (before && !before.has(key))
			group.forEach(({ value }, at) => {
				// The earlier build's place: how many rows before it in the group held the same.
				const n = group.slice(0, at).filter((other) => other.value === value).length;
				if (before.has(sharedKeyOfEarlierBuilds(key, value, n))) remembered.push(value);
			});
		const unmatched = group.filter(({ value }) => {
			const at = remembered.indexOf(value);
			if (at >= 0) remembered.splice(at, 1);
			return at < 0;
		});
		for (const { row, index } of unmatched) {
			const change = before && remembered.shift() !== undefined ? 'changed' : 'added';
			changes.push({ row, change, index });
		}
	}
	// In the report's order, as the rows came.
	const events = changes
		.sort((a, b) => a.index - b.index)
		.map(({ row, change }) => ({ event: 'reportRows', change, report: rules.report, row }));
	return { events, rows: now };
}

/**
 * The events of one answer against what was remembered, and what to remember next. Without a memory (a new
 * baseline) the rows are taken as they are and nothing is emitted, unless `replay` asks for the rows there are
 * now, once.
 */
export function eventsOf(
	rows: IDataObject[],
	rules: EventRules,
	before: ReportMemory | undefined,
	replay: boolean,
): { events: Emitted[]; next: ReportMemory } {
	const fresh = before === undefined;
	let result: { events: Emitted[]; next: ReportMemory };
	if (rules.event === 'accountOverdue') {
		const { events, overdue } = accountsOverdue(rows, rules, before?.overdue);
		result = { events, next: { overdue } };
	} else if (rules.event === 'reportRows') {
		const { events, rows: kept } = reportRowEvents(rows, rules, before?.rows);
		result = { events, next: { rows: kept } };
	} else {
		const { events, seen } = datedEvents(
			rows,
			rules,
			before?.seen ?? (replay ? new Map() : undefined),
		);
		result = { events, next: { seen } };
	}
	return fresh && !replay ? { events: [], next: result.next } : result;
}

/** Fetch Test Event: one real row of the report as the event would carry it, or none when it has no row. */
export function sampleOf(rows: IDataObject[], rules: EventRules): Emitted | undefined {
	if (rules.event === 'accountOverdue') {
		const overdue = rows.filter((row) => levelOf(row) > 0);
		const row =
			overdue.find((candidate) => levelOf(candidate) >= rules.firstLevel) ??
			overdue.sort((a, b) => levelOf(b) - levelOf(a))[0];
		return row && overdueEvent(row, levelOf(row), 0, rules.today);
	}
	if (!rows.length) return undefined;
	if (rules.event === 'reportRows')
		return { event: 'reportRows', change: 'added', report: rules.report, row: rows[0] };
	return namedEvent(rules.event, rows[0]);
}
