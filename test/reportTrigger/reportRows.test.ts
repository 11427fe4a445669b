import type { IDataObject } from 'n8n-workflow';
import { REPORT_FIELDS, reportKey } from '../spec/reportRows';
import { OTHER_KEY } from '../harness/nodeRunner';
import { emitted, useReportTrigger } from '../kits/reportTrigger';
const { node, state, trigger, advance, rows, lastDays, reportRequests } = useReportTrigger();

// Report Rows Added or Changed, for each of the 20 reports: rows told apart by the key the spec's one source
// derives (test/spec/reportRows.ts), compared with what the simulator's own report shows before and after a month
// of days passing. What a watcher owes is worked out here from the spec's keys, not from the node's.

const REPORTS = Object.keys(REPORT_FIELDS);
// A month's window, so a month of days passing reaches the reports dated by invoice (a bill run a month).
const optionsOf = (report: string, days = 31): IDataObject =>
	report === 'agedReceivables'
		? { date: lastDays(1).date_to.slice(0, 10) }
		: report === 'totalServicesSummary'
			? { date_to: lastDays(1).date_to }
			: lastDays(days);

/** A row's key and what it holds, as a watcher of the spec's key compares them. */
function keyed(report: string, list: IDataObject[]): Map<string, string[]> {
	const byKey = new Map<string, string[]>();
	for (const row of list) {
		const key = JSON.stringify(reportKey(report).map((field) => row[field]));
		byKey.set(key, [...(byKey.get(key) ?? []), JSON.stringify(row)].sort());
	}
	return byKey;
}

/** added / changed a watcher owes between two answers (rows sharing a key compared as a whole). */
function owed(report: string, before: IDataObject[], after: IDataObject[]): string[] {
	const [then, now] = [keyed(report, before), keyed(report, after)];
	const out: string[] = [];
	for (const [key, held] of now) {
		const was = then.get(key);
		if (!was) out.push(...held.map(() => `added ${key}`));
		else if (held.length === 1 && was.length === 1) {
			if (held[0] !== was[0]) out.push(`changed ${key}`);
		} else out.push(...held.filter((row) => !was.includes(row)).map(() => `added ${key}`));
	}
	return out.sort();
}

const summary = (report: string, events: IDataObject[]) =>
	events
		.map(
			(e) =>
				`${e.change} ${JSON.stringify(reportKey(report).map((field) => (e.row as IDataObject)[field]))}`,
		)
		.sort();

describe.each(REPORTS)('%s', (report) => {
	test('a month passes: each row added or changed once, by the spec’s key; nothing twice', async () => {
		const poller = trigger({ event: 'reportRows', report, lookBackDays: 31 });
		const before = rows(report, optionsOf(report));
		expect(await emitted(poller)).toEqual([]);
		advance(31);
		const after = rows(report, optionsOf(report));
		const events = await emitted(poller);
		expect(summary(report, events)).toEqual(owed(report, before, after));
		expect(await emitted(poller)).toEqual([]);
		expect(reportRequests().length).toBe(3);
		for (const e of events) expect(e).toMatchObject({ event: 'reportRows', report });
	});
});

test('a month changes all 20 reports (the checks above are not empty)', async () => {
	const before = new Map(REPORTS.map((report) => [report, rows(report, optionsOf(report))]));
	advance(31);
	const changed = REPORTS.filter(
		(report) => owed(report, before.get(report)!, rows(report, optionsOf(report))).length > 0,
	);
	expect(changed).toEqual(REPORTS);
});

test('Watched Columns: a change elsewhere in the row is not an event', async () => {
	const poller = trigger({
		event: 'reportRows',
		report: 'agedReceivables',
		watchColumns: ['overdue120'],
	});
	await emitted(poller);
	const before = new Map(
		rows('agedReceivables', optionsOf('agedReceivables')).map((r) => [r.cid, r]),
	);
	advance(20);
	const events = await emitted(poller);
	const after = rows('agedReceivables', optionsOf('agedReceivables'));
	const expected = after.filter((row) => {
		const was = before.get(row.cid);
		return !was || was.overdue120 !== row.overdue120;
	});
	expect(events.map((e) => (e.row as IDataObject).cid).sort()).toEqual(
		expected.map((r) => r.cid).sort(),
	);
	expect(after.length).toBeGreaterThan(expected.length);
});

test('Key Columns chosen by the user; one no row has is named, before anything is emitted', async () => {
	const poller = trigger({
		event: 'reportRows',
		report: 'newServices',
		keyColumns: ['service_type'],
		period: 'thisYear',
	});
	await emitted(poller);
	advance(10);
	const events = await emitted(poller);
	expect(events.every((e) => ['added', 'changed'].includes(String(e.change)))).toBe(true);
	const wrong = trigger({ event: 'reportRows', report: 'newServices', keyColumns: ['serial'] });
	await expect(wrong.poll()).rejects.toThrow(
		/Key Columns names serial, which no row of the newServices report has/,
	);
	expect((wrong.staticData['node:Trigger'] as IDataObject | undefined)?.state).toBeUndefined();
});

test('a row’s key in another department never counts: a credential of another department starts afresh', async () => {
	// Total Services Summary is by service type: both departments have an "NBN 100" row, holding other counts.
	const parameters = { event: 'reportRows', report: 'totalServicesSummary' };
	const mine = trigger(parameters);
	await emitted(mine);
	const theirsNow = rows('totalServicesSummary', optionsOf('totalServicesSummary'), 2);
	const mineNow = rows('totalServicesSummary', optionsOf('totalServicesSummary'), 1);
	const shared = theirsNow.filter((row) =>
		mineNow.some((m) => m.service_type === row.service_type),
	);
	expect(shared.length).toBeGreaterThan(0);
	expect(
		shared.some(
			(row) =>
				JSON.stringify(row) !==
				JSON.stringify(mineNow.find((m) => m.service_type === row.service_type)),
		),
	).toBe(true);
	// The same node, its credential now another department's key: what it remembers is not of that key.
	const theirs = trigger(parameters, OTHER_KEY);
	theirs.restart(mine.savedStaticData);
	expect(await emitted(theirs)).toEqual([]);
	expect(await emitted(theirs)).toEqual([]);
	// A department 2 service starts: its row changes, once.
	const customer = state().customers.find((c) => c.deptid === 2 && c.active)!;
	const service = state().services.find((s) => s.deptid === 2 && s.date_ended === null)!;
	state().services.push({ ...service, id: state().nextId('service', 20001), cid: customer.cid });
	const events = await emitted(theirs);
	expect(events.map((e) => `${e.change} ${(e.row as IDataObject).service_type}`)).toEqual([
		`changed ${state().serviceTypes.find((t) => t.esid === service.servicetype)!.typeofservice}`,
	]);
	// And back to department 1's key: afresh again, nothing from department 2 counted as a change.
	const back = trigger(parameters);
	back.restart(theirs.savedStaticData);
	expect(await emitted(back)).toEqual([]);
	expect(node.sim().requests.length).toBeGreaterThan(0);
});

test('Fetch Test Event returns a real row; an empty report gives nothing', async () => {
	const poller = trigger({ event: 'reportRows', report: 'agedReceivables' });
	const [sample] = await emitted(poller, 'manual');
	const row = sample.row as IDataObject;
	expect(rows('agedReceivables', optionsOf('agedReceivables')).map((r) => r.cid)).toContain(
		row.cid,
	);
	expect(typeof row.balance).toBe('string');
	const empty = trigger({ event: 'reportRows', report: 'creditReport', lookBackDays: 1 });
	state().credits.length = 0;
	expect(await emitted(empty, 'manual')).toEqual([]);
});
