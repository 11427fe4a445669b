import type { IDataObject } from 'n8n-workflow';
import { eventsOf } from './reportTrigger.events';
import type { Emitted } from './reportTrigger.events';
import { readMemory } from './reportTrigger.memory';
import type { ReportMemory } from './reportTrigger.memory';
import { keyText } from './reportTrigger.rows';
import { readMeaning, watchFor } from './reportTrigger.watch';
import type { Watch } from './reportTrigger.watch';

/**
 * Columns that hold a record's id: a customer, an invoice, a service. Each names one record of one department,
 * and a key shows only its own department's (the spec: "all data access is confined to that department").
 */
const RECORD_IDS = ['cid', 'iid', 'enid'];

/**
 * Whether rows read with a changed credential are of the department the memory is of; the platform has no way to
 * ask which department a key is. A key holding a record id tells: a row whose key the memory holds proves the same
 * department, and none, another. A key without one (a date, a month, a service type, none) is shared by every
 * department, and a memory with nothing in it tells nothing: neither proves the same department.
 */
export function sameDepartment(
	memory: ReportMemory,
	rows: IDataObject[],
	keyColumns: string[],
): boolean {
	if (!keyColumns.some((column) => RECORD_IDS.includes(column))) return false;
	const remembered = new Set([
		...(memory.overdue?.keys() ?? []),
		...(memory.seen?.keys() ?? []),
		...(memory.rows?.keys() ?? []),
	]);
	return remembered.size > 0 && rows.some((row) => remembered.has(keyText(row, keyColumns)));
}

export interface Carried {
	events: Emitted[];
	next: ReportMemory;
	/** Why the memory found was not carried on (a new baseline), for the log. */
	afresh?: string;
}

/**
 * The events of a poll from the memory it finds, whatever changed since it was kept. The same watch and
 * credential: what changed since. A changed credential of the same department (a key rotated: the remembered
 * keys are in the report) goes on as if nothing changed; another department's, or one that cannot be told, takes
 * a new baseline: a row of one department is never compared with another's. An edit of the same event and report
 * (watched or key columns, the window) that changes what the memory means: the report is read once more as the
 * memory's watch read it (`readAsBefore`), its events emitted, then the memory taken anew from the rows the watch
 * now reads, nothing of that emitted (rows a wider window shows are not new). Emit Existing Rows Once replays the
 * report only for a trigger with no memory of its event and report: never after a rotation or an edit.
 */
export async function eventsSince(
	stored: unknown,
	watch: Watch,
	rows: IDataObject[],
	today: string,
	readAsBefore: (before: Watch) => Promise<IDataObject[] | Error>,
): Promise<Carried | Error> {
	const rules = { ...watch.rules, today };
	const afresh = (replay: boolean, why?: string): Carried => ({
		...eventsOf(rows, rules, undefined, replay),
		...(why !== undefined && { afresh: why }),
	});
	if (stored === undefined) return afresh(watch.replay);
	const kept = readMemory(stored);
	if (!kept) return afresh(false, 'what it remembers is not what the trigger writes');
	const credentialChanged = kept.of.slice(6) !== watch.of.slice(6);
	const another = 'the credential is of a department the report shows nothing remembered of';
	if (kept.of.slice(0, 6) === watch.of.slice(0, 6)) {
		if (credentialChanged && !sameDepartment(kept.memory, rows, watch.meaning.key))
			return afresh(false, another);
		return eventsOf(rows, rules, kept.memory, false);
	}
	const before = readMeaning(kept.watch, kept.of);
	// An earlier build kept no meaning: what changed cannot be told, so nothing is replayed either.
	if (!before) return afresh(false, 'it remembers another watch');
	if (before.event !== watch.meaning.event || before.report !== watch.meaning.report)
		return afresh(watch.replay, 'it remembers another event or report');
	const asBefore = watchFor(before, kept.of.slice(6), {
		chosen: { keyColumns: false, watchColumns: false },
		replay: false,
		timeout: watch.timeout,
		firstLevel: watch.rules.firstLevel,
	});
	const rowsBefore = await readAsBefore(asBefore);
	if (rowsBefore instanceof Error) return rowsBefore;
	if (credentialChanged && !sameDepartment(kept.memory, rowsBefore, before.key))
		return afresh(false, another);
	const then = eventsOf(rowsBefore, { ...asBefore.rules, today }, kept.memory, false);
	return { events: then.events, next: eventsOf(rows, rules, then.next, false).next };
}
