import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { operationError } from '../shared/errors/made';
import { melbourneMark, melbourneToday } from '../shared/input/melbourne';
import { toSafeError } from '../shared/output/errors';
import { labelSubtitle } from '../shared/tableNode/describe';
import { calendarNow } from '../shared/transport/clock';
import { CREDENTIAL_TYPE, platformRequest, secretsOfRequest } from '../shared/transport/transport';
import { getReportColumns } from '../TelcoBillingReport/report.columns';
import {
	claimActivation,
	exclusively,
	firstOfActivation,
	superseded,
} from '../TelcoBillingTrigger/trigger.runs';
import { digest } from './reportTrigger.digest';
import { eventsOf, sampleOf } from './reportTrigger.events';
import type { Emitted, EventRules } from './reportTrigger.events';
import { reportTriggerFields } from './reportTrigger.fields';
import { NAMED_EVENTS, OVERDUE_BANDS, REPORT_KEYS } from './reportTrigger.keys';
import type { ReportEvent } from './reportTrigger.keys';
import { readMemory, writeMemory } from './reportTrigger.memory';
import { cell, reportRows } from './reportTrigger.rows';
import { reportWindow } from './reportTrigger.window';
import type { Period, WindowSettings } from './reportTrigger.window';

/** What a poll watches, from the node's parameters. */
interface Watch {
	rules: Omit<EventRules, 'today'>;
	window: WindowSettings;
	/** Whether the user chose the key or watched columns (then each must be a column of the rows). */
	chosen: { keyColumns: boolean; watchColumns: boolean };
	replay: boolean;
	timeout: number;
	/** What the memory is of: the watch (6 characters) and the credential's address and key (3, a fingerprint). */
	of: string;
}

const list = (value: unknown): string[] =>
	(Array.isArray(value) ? value : []).map((column) => String(column).trim()).filter(Boolean);

async function watchOf(context: IPollFunctions): Promise<Watch> {
	const event = context.getNodeParameter('event', 'accountOverdue') as ReportEvent;
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const named = event === 'reportRows' ? undefined : NAMED_EVENTS[event];
	const report = named?.report ?? String(context.getNodeParameter('report', 'agedReceivables'));
	if (!(report in REPORT_KEYS))
		throw operationError(
			context.getNode(),
			`Report ${report} is not one of the reports the trigger can watch`,
		);
	const chosenKeys = named ? [] : list(context.getNodeParameter('keyColumns', []));
	const watchColumns = named ? [] : list(context.getNodeParameter('watchColumns', []));
	const keyColumns = named?.key ?? (chosenKeys.length ? chosenKeys : REPORT_KEYS[report]);
	const dated = named !== undefined && event !== 'accountOverdue';
	const window: WindowSettings = {
		period: (named ? 'rolling' : context.getNodeParameter('period', 'rolling')) as Period,
		lookBackDays: Number(context.getNodeParameter('lookBackDays', 7)),
	};
	const firstLevel =
		OVERDUE_BANDS.indexOf(String(context.getNodeParameter('firstBand', 'overdue0'))) + 1;
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const address = `${String(credentials.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '')}\u0000${String(credentials.apiKey ?? '').trim()}`;
	const meaning = [event, report, keyColumns, watchColumns, dated || !named ? window : null];
	return {
		rules: {
			event,
			report,
			keyColumns,
			dated: named?.dated,
			watchColumns: watchColumns.length ? watchColumns : undefined,
			firstLevel: Math.max(1, firstLevel),
			// A dated event is remembered one day longer than the window can show it.
			keepDays: Math.max(1, Math.floor(window.lookBackDays)) + 1,
		},
		window,
		chosen: { keyColumns: chosenKeys.length > 0, watchColumns: watchColumns.length > 0 },
		replay: options.emitExisting === true,
		timeout: Number(options.timeout ?? 30) * 1000,
		of: `${digest(JSON.stringify(meaning), 6)}${digest(address, 3)}`,
	};
}

/** The report's rows now: one request; a refusal or an answer that is not the spec's fails, in the platform's words. */
async function readReport(
	context: IPollFunctions,
	watch: Watch,
	now: number,
): Promise<IDataObject[] | Error> {
	try {
		const body = await platformRequest(
			context,
			{
				method: 'POST',
				url: '/report',
				body: {
					report: watch.rules.report,
					report_options: reportWindow(watch.rules.report, watch.window, now),
				},
				timeout: watch.timeout,
			},
			{ repeatable: true },
		);
		const rows = reportRows(body, watch.rules.report);
		checkColumns(context, watch, rows);
		return rows;
	} catch (error) {
		return toSafeError(context.getNode(), error, 0, await secretsOfRequest(context));
	}
}

/** A column the user chose that no row of the answer has is a mistake to name, never a key every row shares. */
function checkColumns(context: IPollFunctions, watch: Watch, rows: IDataObject[]): void {
	const { keyColumns, watchColumns } = watch.rules;
	const chosen = [
		...(watch.chosen.keyColumns ? keyColumns.map((c) => ['Key Columns', c]) : []),
		...(watch.chosen.watchColumns ? (watchColumns ?? []).map((c) => ['Watched Columns', c]) : []),
	];
	const missing = chosen.find(
		([, column]) => rows.length && rows.every((row) => cell(row, column) === undefined),
	);
	if (missing)
		throw operationError(
			context.getNode(),
			`${missing[0]} names ${missing[1]}, which no row of the ${watch.rules.report} report has`,
			{ description: `Its rows have: ${Object.keys(rows[0]).join(', ')}` },
		);
}

function item(emitted: Emitted, observedAt: string): INodeExecutionData {
	const { event, ...fields } = emitted;
	return { json: { event, observedAt, ...fields } };
}

export class TelcoBillingReportTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Telco Billing Report Trigger',
		name: 'telcoBillingReportTrigger',
		icon: {
			light: 'file:../../icons/trigger.svg',
			dark: 'file:../../icons/trigger.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: labelSubtitle('event', reportTriggerFields[0].options),
		description:
			'Starts a workflow when the billing platform’s reports show an event: an account overdue, a customer ended, ' +
			'a service started, an invoice issued, or any report’s rows added or changed',
		defaults: { name: 'Telco Billing Report Trigger' },
		polling: true,
		usableAsTool: undefined,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: reportTriggerFields,
	};

	methods = { loadOptions: { getReportColumns } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const watch = await watchOf(this);
		if (this.getMode() === 'manual') {
			// The editor's test event reads the report and never the memory: it needs no turn.
			const now = calendarNow();
			const rows = await readReport(this, watch, now);
			if (rows instanceof Error) throw rows;
			const sample = sampleOf(rows, { ...watch.rules, today: melbourneToday(new Date(now)) });
			return sample ? [[item(sample, new Date(now).toISOString())]] : null;
		}
		claimActivation(this);
		return await exclusively(this, async () => await track(this, watch));
	}
}

/** An active workflow's poll: the report's events since what the trigger remembers, each once. */
async function track(
	context: IPollFunctions,
	watch: Watch,
): Promise<INodeExecutionData[][] | null> {
	const stored = context.getWorkflowStaticData('node').state;
	const first = firstOfActivation(context);
	const now = calendarNow();
	const rows = await readReport(context, watch, now);
	if (rows instanceof Error) {
		// As the Telco Billing Trigger does: an activation's first poll that fails with a memory to resume from
		// waits for the next poll (whose failure the user sees); the first activation ever fails at once.
		if (!first || !stored) throw rows;
		context.logger.warn(
			`Telco Billing Report Trigger: the report could not be read at activation; the next poll tries again: ${rows.message}`,
		);
		return null;
	}
	const memory = readMemory(stored, watch.of);
	if (stored !== undefined && !memory)
		context.logger.info(
			'Telco Billing Report Trigger: what the trigger remembers is of another watch or credential; it starts afresh',
		);
	const today = melbourneToday(new Date(now));
	const { events, next } = eventsOf(rows, { ...watch.rules, today }, memory, watch.replay);
	// Compare-and-set, as the Telco Billing Trigger does (trigger.runs.ts): a poll that another overlapped or a
	// newer activation superseded leaves its result to that one. The static data is read anew: n8n may have
	// replaced the object during the poll.
	const current = context.getWorkflowStaticData('node');
	if (superseded(context) || current.state !== stored) {
		context.logger.debug(
			'Telco Billing Report Trigger: another poll moved the memory on; this result is left to it',
		);
		return null;
	}
	current.state = writeMemory(next, watch.of, melbourneMark(now));
	const observedAt = new Date(now).toISOString();
	return events.length ? [events.map((emitted) => item(emitted, observedAt))] : null;
}
