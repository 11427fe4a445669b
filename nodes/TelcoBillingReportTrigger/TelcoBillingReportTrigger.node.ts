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
import { eventsSince } from './reportTrigger.carry';
import { sampleOf } from './reportTrigger.events';
import type { Emitted } from './reportTrigger.events';
import { reportTriggerFields } from './reportTrigger.fields';
import { writeMemory } from './reportTrigger.memory';
import { cell, reportRows } from './reportTrigger.rows';
import { watchOf } from './reportTrigger.watch';
import type { Watch } from './reportTrigger.watch';
import { reportWindow } from './reportTrigger.window';

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
				body: reportBody(watch, now),
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

/** What a poll asks the platform for: the report and its window's dates. */
function reportBody(watch: Watch, now: number): IDataObject {
	return {
		report: watch.rules.report,
		report_options: reportWindow(watch.rules.report, watch.window, now),
	};
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
	// After an edit, the report as the memory's watch read it: the same request is not sent twice.
	const asBefore = async (before: Watch) =>
		JSON.stringify(reportBody(before, now)) === JSON.stringify(reportBody(watch, now))
			? rows
			: await readReport(context, before, now);
	const carried =
		rows instanceof Error
			? rows
			: await eventsSince(stored, watch, rows, melbourneToday(new Date(now)), asBefore);
	if (carried instanceof Error) {
		// As the Telco Billing Trigger does: an activation's first poll that fails with a memory to resume from
		// waits for the next poll (whose failure the user sees); the first activation ever fails at once.
		if (!first || !stored) throw carried;
		context.logger.warn(
			`Telco Billing Report Trigger: the report could not be read at activation; the next poll tries again: ${carried.message}`,
		);
		return null;
	}
	if (carried.afresh)
		context.logger.info(
			`Telco Billing Report Trigger: ${carried.afresh}; it starts afresh from the report as it is`,
		);
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
	current.state = writeMemory(carried.next, watch.of, melbourneMark(now), watch.meaning);
	const observedAt = new Date(now).toISOString();
	return carried.events.length
		? [carried.events.map((emitted) => item(emitted, observedAt))]
		: null;
}
