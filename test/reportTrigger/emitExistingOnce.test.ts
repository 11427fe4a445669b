import type { IDataObject } from 'n8n-workflow';
import { emitted, useReportTrigger } from '../kits/reportTrigger';
const { state, trigger, advance } = useReportTrigger();

// Options → Emit Existing Rows Once replays the report once, for a trigger with no memory of its event and report:
// never after a key rotated within the department or a watched column added, or a dunning or invoice-mailing
// workflow sends each letter twice. Found by the review of issue 41.

const ROTATED_IN_DEPARTMENT = 'rotated-key-0003';
const iids = (events: IDataObject[]) => events.map((e) => Number(e.iid)).sort((a, b) => a - b);

test('Invoice Issued, Emit Existing Rows Once, key rotated within the department: no invoice emitted twice', async () => {
	state().keys.set(ROTATED_IN_DEPARTMENT, {
		...structuredClone(state().keys.get('demo-key-0001')!),
		key: ROTATED_IN_DEPARTMENT,
	});
	const parameters = { event: 'invoiceIssued', lookBackDays: 31, options: { emitExisting: true } };
	const before = trigger(parameters);
	const first = await emitted(before);
	advance(3);
	const later = await emitted(before);
	const all = [...first, ...later];
	expect(all.length).toBeGreaterThan(0);
	const after = trigger(parameters, ROTATED_IN_DEPARTMENT);
	after.restart(before.staticData);
	const again = await emitted(after);
	expect(iids(again).filter((iid) => iids(all).includes(iid))).toEqual([]);
});

test('Report Rows, Emit Existing Rows Once, a watched column added: no row added twice', async () => {
	const before = trigger({
		event: 'reportRows',
		report: 'agedReceivables',
		watchColumns: ['balance'],
		options: { emitExisting: true },
	});
	const first = await emitted(before);
	expect(first.length).toBeGreaterThan(0);
	const after = trigger({
		event: 'reportRows',
		report: 'agedReceivables',
		watchColumns: ['balance', 'overdue30'],
		options: { emitExisting: true },
	});
	after.restart(before.staticData);
	const again = await emitted(after);
	expect(again.filter((e) => e.change === 'added').length).toBe(0);
});
