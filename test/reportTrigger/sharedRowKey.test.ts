import type { IDataObject } from 'n8n-workflow';
import { keyText } from '../../nodes/TelcoBillingReportTrigger/reportTrigger.rows';
import { emitted, useReportTrigger } from '../kits/reportTrigger';
const { state, trigger, today } = useReportTrigger();

// Report Rows Added or Changed on a report whose key rows may share: Credit Report's (cid, iid), one invoice with
// two credit notes (a bill run's and an outage credit; the simulator's history makes both). Each row gives one
// event: the memory keeps every digest of a shared key, a row holding what one of them held is that row. Found by
// the review of issue 41: the rows of a shared key were kept under digests of what they held, so the first credit,
// unchanged, was added again when a second joined, and again when one left.

function credit(cid: number, iid: number, amount: number, description: string) {
	state().credits.push({
		id: state().nextId('credit', 60001),
		deptid: 1,
		cid,
		iid,
		date: today(),
		amount,
		description,
	});
}

const changes = (events: IDataObject[]) =>
	events
		.map((e) => {
			const row = e.row as IDataObject;
			return `${String(e.change)} ${String(row.iid)} ${String(row.description)}`;
		})
		.sort();

test('a second credit note on the same invoice is one event; the first credit is not added again', async () => {
	const invoice = state().invoices.find((i) => i.deptid === 1)!;
	const poller = trigger({
		event: 'reportRows',
		report: 'creditReport',
		period: 'rolling',
		lookBackDays: 7,
	});
	await emitted(poller);
	credit(invoice.cid, invoice.iid, 10, 'Goodwill');
	expect(changes(await emitted(poller))).toEqual([`added ${invoice.iid} Goodwill`]);
	credit(invoice.cid, invoice.iid, 5, 'Service outage credit');
	expect(changes(await emitted(poller))).toEqual([`added ${invoice.iid} Service outage credit`]);
	// The outage credit is withdrawn: nothing was added or changed.
	state().credits.pop();
	expect(changes(await emitted(poller))).toEqual([]);
});

test('one of two rows sharing a key changes: one event, changed; the other none', async () => {
	const invoice = state().invoices.find((i) => i.deptid === 1)!;
	const poller = trigger({ event: 'reportRows', report: 'creditReport', lookBackDays: 7 });
	await emitted(poller);
	credit(invoice.cid, invoice.iid, 10, 'Goodwill');
	credit(invoice.cid, invoice.iid, 5, 'Service outage credit');
	expect(changes(await emitted(poller))).toEqual([
		`added ${invoice.iid} Goodwill`,
		`added ${invoice.iid} Service outage credit`,
	]);
	state().credits[state().credits.length - 1].description = 'Outage credit, 3 days';
	expect(changes(await emitted(poller))).toEqual([`changed ${invoice.iid} Outage credit, 3 days`]);
	expect(await emitted(poller)).toEqual([]);
});

test('a memory an earlier build wrote (rows sharing a key kept under digests of what they held) tells them as they were', async () => {
	const invoice = state().invoices.find((i) => i.deptid === 1)!;
	const poller = trigger({ event: 'reportRows', report: 'creditReport', lookBackDays: 7 });
	await emitted(poller);
	credit(invoice.cid, invoice.iid, 10, 'Goodwill');
	credit(invoice.cid, invoice.iid, 5, 'Service outage credit');
	expect(await emitted(poller)).toHaveLength(2);
	const saved = poller.staticData;
	const memory = (saved['node:Trigger'] as IDataObject).state as IDataObject;
	const shared = keyText({ cid: invoice.cid, iid: invoice.iid }, ['cid', 'iid']);
	memory.rows = String(memory.rows)
		.split(',')
		.map((pair) => {
			const [key, value] = pair.split(':');
			return key === shared
				? `${keyText({ key, value, n: 0 }, ['key', 'value', 'n'])}:${value}`
				: pair;
		})
		.join(',');
	expect(String(memory.rows)).not.toContain(`${shared}:`);
	poller.restart(saved);
	expect(await emitted(poller)).toEqual([]);
});
