import type { IDataObject } from 'n8n-workflow';
import { OTHER_KEY } from '../harness/nodeRunner';
import { emitted, useReportTrigger } from '../kits/reportTrigger';
const { state, trigger, owe, levels, advance, reportRequests } = useReportTrigger();

// Each event exactly once with the world between polls drawn: a key rotated, the node's parameters edited. A
// rotated key of the same department (its report shows the remembered records) goes on where it left off; an
// edited watch reads the report as the memory's watch did, emits what happened, then remembers it anew; another
// department, or a report that cannot tell, starts afresh (reportTrigger.carry.ts). Found by the review of issue
// 41: any change of the watch or credential threw the memory away, and what happened since the last poll was lost.
//
// n8n keeps a node's static data when the workflow or its credential is edited; the harness models the carried
// memory with restart(staticData) from the running n8n's state (nothing older than the last poll).

const ROTATED_IN_DEPARTMENT = 'rotated-key-0002';

/** A customer of department 1 who owes nothing now. */
const settled = () => {
	const owing = levels();
	return state().customers.find((c) => c.deptid === 1 && !owing.has(c.cid) && c.active)!.cid;
};

test('key rotated (same department): an invoice issued between the last poll and the rotation is Invoice Issued once', async () => {
	state().keys.set(ROTATED_IN_DEPARTMENT, {
		...structuredClone(state().keys.get('demo-key-0001')!),
		key: ROTATED_IN_DEPARTMENT,
	});
	const before = trigger({ event: 'invoiceIssued' });
	await emitted(before);
	expect(await emitted(before)).toEqual([]);
	// An invoice issued today, then the department's key is rotated before the next poll.
	const iid = owe(settled(), 99, -14);
	const after = trigger({ event: 'invoiceIssued' }, ROTATED_IN_DEPARTMENT);
	after.restart(before.staticData);
	const got = [...(await emitted(after)), ...(await emitted(after))];
	expect(got.map((e) => e.iid)).toEqual([iid]);
});

test('Watched Columns edited: a row added between the last poll and the edit is added once', async () => {
	const before = trigger({
		event: 'reportRows',
		report: 'agedReceivables',
		watchColumns: ['balance'],
	});
	await emitted(before);
	const cid = settled();
	owe(cid, 120, 35);
	// The user adds a watched column before the next poll.
	const after = trigger({
		event: 'reportRows',
		report: 'agedReceivables',
		watchColumns: ['balance', 'overdue30'],
	});
	after.restart(before.staticData);
	const got = [...(await emitted(after)), ...(await emitted(after))];
	expect(got.map((e) => `${String(e.change)} ${String((e.row as IDataObject).cid)}`)).toEqual([
		`added ${cid}`,
	]);
});

test('Look Back edited (7 to 14 days): an invoice issued between the last poll and the edit is Invoice Issued once', async () => {
	const before = trigger({ event: 'invoiceIssued', lookBackDays: 7 });
	await emitted(before);
	const iid = owe(settled(), 99, -14);
	const after = trigger({ event: 'invoiceIssued', lookBackDays: 14 });
	after.restart(before.staticData);
	const got = [...(await emitted(after)), ...(await emitted(after))];
	expect(got.map((e) => e.iid)).toEqual([iid]);
});

test('control (passes): with nothing edited, the same restart emits the invoice and the row once', async () => {
	const invoices = trigger({ event: 'invoiceIssued' });
	const rows = trigger({
		event: 'reportRows',
		report: 'agedReceivables',
		watchColumns: ['balance'],
	});
	await emitted(invoices);
	await emitted(rows);
	const cid = settled();
	const iid = owe(cid, 99, -14);
	owe(cid, 120, 35);
	invoices.restart(invoices.staticData);
	rows.restart(rows.staticData);
	expect((await emitted(invoices)).map((e) => e.iid)).toEqual([iid]);
	expect(
		(await emitted(rows)).map((e) => `${String(e.change)} ${String((e.row as IDataObject).cid)}`),
	).toEqual([`added ${cid}`]);
});

test('Watched Columns edited: one report request (the window is the same); Look Back edited: two, once', async () => {
	const rowsTrigger = { event: 'reportRows', report: 'creditReport', watchColumns: ['amount'] };
	const before = trigger(rowsTrigger);
	await emitted(before);
	const sent = reportRequests().length;
	const edited = trigger({ ...rowsTrigger, watchColumns: ['amount', 'description'] });
	edited.restart(before.staticData);
	await emitted(edited);
	expect(reportRequests().length - sent).toBe(1);
	const wider = trigger({
		...rowsTrigger,
		watchColumns: ['amount', 'description'],
		lookBackDays: 30,
	});
	wider.restart(edited.staticData);
	await emitted(wider);
	await emitted(wider);
	expect(reportRequests().length - sent).toBe(1 + 2 + 1);
});

test('Report Rows on a report of sums (Billed Minutes Detailed), Look Back 7 to 30: the wider window alone changes no row', async () => {
	advance(10);
	const before = trigger({ event: 'reportRows', report: 'billedMinutesDetailed', lookBackDays: 7 });
	await emitted(before);
	const after = trigger({ event: 'reportRows', report: 'billedMinutesDetailed', lookBackDays: 30 });
	after.restart(before.staticData);
	expect(await emitted(after)).toEqual([]);
	expect(await emitted(after)).toEqual([]);
});

test('another department’s key on Report Rows: its rows are a new baseline, never compared with these', async () => {
	for (const report of ['agedReceivables', 'billedMinutes']) {
		const mine = trigger({ event: 'reportRows', report, period: 'thisYear' });
		await emitted(mine);
		const theirs = trigger({ event: 'reportRows', report, period: 'thisYear' }, OTHER_KEY);
		theirs.restart(mine.staticData);
		expect([report, await emitted(theirs)]).toEqual([report, []]);
	}
});

test('a summary report’s key rotated (nothing in its rows tells the department): a new baseline, nothing emitted twice', async () => {
	state().keys.set(ROTATED_IN_DEPARTMENT, {
		...structuredClone(state().keys.get('demo-key-0001')!),
		key: ROTATED_IN_DEPARTMENT,
	});
	const parameters = {
		event: 'reportRows',
		report: 'billedMinutes',
		options: { emitExisting: true },
	};
	const before = trigger(parameters);
	expect((await emitted(before)).length).toBeGreaterThan(0);
	const after = trigger(parameters, ROTATED_IN_DEPARTMENT);
	after.restart(before.staticData);
	expect(await emitted(after)).toEqual([]);
});

test('the event changed on the same node: Emit Existing Rows Once replays the new event’s report once', async () => {
	const before = trigger({ event: 'accountOverdue' });
	await emitted(before);
	const after = trigger({ event: 'invoiceIssued', options: { emitExisting: true } });
	after.restart(before.staticData);
	expect((await emitted(after)).length).toBeGreaterThan(0);
	expect(await emitted(after)).toEqual([]);
});

test('a memory an earlier build wrote (no meaning kept beside it) goes on for the same watch; for an edited one it starts afresh, replaying nothing', async () => {
	const parameters = { event: 'invoiceIssued', options: { emitExisting: true } };
	const before = trigger(parameters);
	await emitted(before);
	const saved = before.staticData;
	delete ((saved['node:Trigger'] as IDataObject).state as IDataObject).watch;
	const iid = owe(settled(), 99, -14);
	const same = trigger(parameters);
	same.restart(saved);
	expect((await emitted(same)).map((e) => e.iid)).toEqual([iid]);
	const edited = trigger({ ...parameters, lookBackDays: 14 });
	edited.restart(saved);
	expect(await emitted(edited)).toEqual([]);
});
