import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { operationError } from '../shared/errors/made';
import { credentialMark } from '../TelcoBillingTrigger/trigger.credential';
import { digest } from './reportTrigger.digest';
import type { EventRules } from './reportTrigger.events';
import { reportRowKey } from '../shared/platform/reportFacts';
import { isReportEvent, namedEvent, OVERDUE_BANDS, REPORT_EVENTS } from './reportTrigger.keys';
import type { ReportEvent } from './reportTrigger.keys';
import type { Period, WindowSettings } from './reportTrigger.window';

/**
 * What a watch means, as its memory is kept by (stored beside it, so that a poll after an edit can still read the
 * report as the memory saw it): the event, the report, the columns that tell rows apart, the watched columns
 * (none: every column) and the window.
 */
export interface WatchMeaning {
	event: ReportEvent;
	report: string;
	key: string[];
	columns?: string[];
	period: Period;
	days: number;
}

/** What a poll watches, from the node's parameters (or from the meaning a memory was kept by). */
export interface Watch {
	meaning: WatchMeaning;
	rules: Omit<EventRules, 'today'>;
	window: WindowSettings;
	/** Whether the user chose the key or watched columns (then each must be a column of the rows). */
	chosen: { keyColumns: boolean; watchColumns: boolean };
	replay: boolean;
	timeout: number;
	/** What the memory is of: the meaning (6 characters) and the credential (trigger.credential.ts, 3). */
	of: string;
}

const PERIODS: Period[] = ['rolling', 'thisMonth', 'thisQuarter', 'thisYear'];

const list = (value: unknown): string[] =>
	(Array.isArray(value) ? value : []).map((column) => String(column).trim()).filter(Boolean);

/** The 6 characters of `of` that stand for a meaning; the same text earlier builds wrote. */
function meaningDigest(meaning: WatchMeaning): string {
	const named = meaning.event !== 'reportRows';
	const dated = named && meaning.event !== 'accountOverdue';
	const window = { period: meaning.period, lookBackDays: meaning.days };
	return digest(
		JSON.stringify([
			meaning.event,
			meaning.report,
			meaning.key,
			meaning.columns ?? [],
			dated || !named ? window : null,
		]),
		6,
	);
}

/** A watch of a meaning: the rules its rows are read by. */
export function watchFor(
	meaning: WatchMeaning,
	credential: string,
	settings: Pick<Watch, 'chosen' | 'replay' | 'timeout'> & { firstLevel: number },
): Watch {
	const named = namedEvent(meaning.event);
	return {
		meaning,
		rules: {
			event: meaning.event,
			report: meaning.report,
			keyColumns: meaning.key,
			dated: named?.dated,
			watchColumns: meaning.columns,
			firstLevel: Math.max(1, settings.firstLevel),
			// A dated event is remembered one day longer than the window can show it.
			keepDays: Math.max(1, Math.floor(meaning.days)) + 1,
		},
		window: { period: meaning.period, lookBackDays: meaning.days },
		chosen: settings.chosen,
		replay: settings.replay,
		timeout: settings.timeout,
		of: `${meaningDigest(meaning)}${credential}`,
	};
}

/** The watch the node's parameters ask for. */
export async function watchOf(context: IPollFunctions): Promise<Watch> {
	// Event and Report may be expressions: their values are checked against the lists, never used as keys.
	const event: unknown = context.getNodeParameter('event', 'accountOverdue');
	if (!isReportEvent(event))
		throw operationError(
			context.getNode(),
			`Event (event) must be one of: ${REPORT_EVENTS.join(', ')}`,
		);
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const named = namedEvent(event);
	const report = named?.report ?? String(context.getNodeParameter('report', 'agedReceivables'));
	const rowKey = reportRowKey(report);
	if (!rowKey)
		throw operationError(
			context.getNode(),
			`Report ${report} is not one of the reports the trigger can watch`,
		);
	const chosenKeys = named ? [] : list(context.getNodeParameter('keyColumns', []));
	const watchColumns = named ? [] : list(context.getNodeParameter('watchColumns', []));
	const meaning: WatchMeaning = {
		event,
		report,
		key: named?.key ?? (chosenKeys.length ? chosenKeys : rowKey),
		...(watchColumns.length && { columns: watchColumns }),
		period: (named ? 'rolling' : context.getNodeParameter('period', 'rolling')) as Period,
		days: Number(context.getNodeParameter('lookBackDays', 7)),
	};
	return watchFor(meaning, await credentialMark(context), {
		chosen: { keyColumns: chosenKeys.length > 0, watchColumns: watchColumns.length > 0 },
		replay: options.emitExisting === true,
		timeout: Number(options.timeout ?? 30) * 1000,
		firstLevel:
			OVERDUE_BANDS.indexOf(String(context.getNodeParameter('firstBand', 'overdue0'))) + 1,
	});
}

const COLUMN = (value: unknown) =>
	typeof value === 'string' && value.length > 0 && value.length <= 200;

/**
 * A stored meaning, checked before use: undefined unless every field is what watchOf makes and it is the meaning
 * `of` names (a memory is never read by a meaning it was not kept by).
 */
export function readMeaning(stored: unknown, of: string): WatchMeaning | undefined {
	if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return undefined;
	const { event, report, key, columns, period, days } = stored as IDataObject;
	const columnList = (value: unknown) =>
		Array.isArray(value) && value.length <= 50 && value.every(COLUMN);
	if (
		!isReportEvent(event) ||
		typeof report !== 'string' ||
		!reportRowKey(report) ||
		!columnList(key) ||
		(columns !== undefined && (!columnList(columns) || (columns as string[]).length === 0)) ||
		!PERIODS.includes(period as Period) ||
		typeof days !== 'number' ||
		!Number.isFinite(days)
	)
		return undefined;
	const meaning = { event, report, key, columns, period, days } as WatchMeaning;
	if (columns === undefined) delete meaning.columns;
	return meaningDigest(meaning) === of.slice(0, 6) ? meaning : undefined;
}
