import type { IDataObject } from 'n8n-workflow';
import { OTHER_KEY } from '../harness/nodeRunner';
import { emitted, useReportTrigger } from '../kits/reportTrigger';
const { node, trigger, advance, rows, lastDays } = useReportTrigger();

// A row's key is its department's: customers, services and invoices of department 2 are never compared with what
// the trigger remembers of department 1 (a credential changed to another department's key starts afresh); and
// Report Rows Added or Changed keeps each row once across restarts, overlapping polls and failed polls.

const EVENTS = [
	{ event: 'accountOverdue', report: 'agedReceivables', id: 'cid' },
	{ event: 'customerEnded', report: 'customerEndedDetail', id: 'cid' },
	{ event: 'serviceStarted', report: 'newServices', id: 'enid' },
	{ event: 'invoiceIssued', report: 'salesInvoiceDetail', id: 'iid' },
];

describe.each(EVENTS)('$event', ({ event, report, id }) => {
	test('the same node with another department’s key: a new baseline, then only that department’s events', async () => {
		const options =
			report === 'agedReceivables' ? { date: lastDays(1).date_to.slice(0, 10) } : lastDays(7);
		const mine = trigger({ event, options: { emitExisting: true } });
		await emitted(mine);
		advance(20);
		await emitted(mine);
		const theirs = trigger({ event, options: { emitExisting: false } }, OTHER_KEY);
		theirs.restart(mine.savedStaticData);
		expect(await emitted(theirs)).toEqual([]);
		const before = new Set(rows(report, options, 2).map((row) => row[id]));
		const got: IDataObject[] = [];
		for (let step = 0; step < 8; step++) {
			advance(4);
			got.push(...(await emitted(theirs)));
		}
		const department2 = new Set(
			node
				.sim()
				.state.customers.filter((c) => c.deptid === 2)
				.map((c) => c.cid),
		);
		expect(got.length).toBeGreaterThan(0);
		for (const e of got) {
			expect([e[id], department2.has(e.cid as number)]).toEqual([e[id], true]);
			// What department 2 held at the switch was its baseline, never an event.
			if (event !== 'accountOverdue') expect([e[id], before.has(e[id])]).toEqual([e[id], false]);
		}
	});
});

test('Report Rows: restarts, overlapping polls and failed polls over a month: each change once', async () => {
	const key = (row: IDataObject) => String(row.cid);
	const poller = trigger({ event: 'reportRows', report: 'agedReceivables' });
	await emitted(poller);
	let last = new Map(
		rows('agedReceivables', { date: lastDays(1).date_to.slice(0, 10) }).map((r) => [
			key(r),
			JSON.stringify(r),
		]),
	);
	const owed: string[] = [];
	const got: string[] = [];
	let pending: Map<string, string> | undefined;
	for (let step = 0; step < 15; step++) {
		advance(2);
		const now = new Map(
			rows('agedReceivables', { date: lastDays(1).date_to.slice(0, 10) }).map((r) => [
				key(r),
				JSON.stringify(r),
			]),
		);
		if (step % 4 === 1) poller.restart();
		if (step % 4 === 2) {
			node.sim().faults.push(...Array(6).fill('http503'));
			await expect(poller.poll()).rejects.toThrow(/503/);
			node.sim().faults.length = 0;
			pending ??= last;
			continue;
		}
		const before = pending ?? last;
		pending = undefined;
		for (const [cid, row] of now)
			if (before.get(cid) !== row) owed.push(`${before.has(cid) ? 'changed' : 'added'} ${cid}`);
		let events: IDataObject[];
		if (step % 4 === 3) {
			node.sim().latency.ms = 50;
			events = (await Promise.all([emitted(poller), emitted(poller)])).flat();
			node.sim().latency.ms = 0;
		} else events = await emitted(poller);
		got.push(...events.map((e) => `${e.change} ${key(e.row as IDataObject)}`));
		last = now;
	}
	expect(owed.length).toBeGreaterThan(10);
	expect(got.sort()).toEqual(owed.sort());
});
