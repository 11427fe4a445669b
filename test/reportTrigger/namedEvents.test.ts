import type { IDataObject } from 'n8n-workflow';
import { emitted, useReportTrigger } from '../kits/reportTrigger';
const { node, state, trigger, advance, rows, lastDays, reportRequests } = useReportTrigger();

// Customer Ended, Service Started and Invoice Issued: each row of its report once, as the platform moves on (days
// passing in the simulator: bill runs, payments, services starting and ending, customers leaving).

const ids = (events: IDataObject[], ...fields: string[]) =>
	events.map((e) => fields.map((field) => String(e[field])).join(' ')).sort();

describe.each([
	{ event: 'customerEnded', report: 'customerEndedDetail', key: ['cid'] },
	{ event: 'serviceStarted', report: 'newServices', key: ['enid'] },
	{ event: 'invoiceIssued', report: 'salesInvoiceDetail', key: ['iid'] },
])('$event', ({ event, report, key }) => {
	const now = (days = 7) => ids(rows(report, lastDays(days)), ...key);

	/** Lets days pass until the report has rows in the last 7 days (a bill run for invoices). */
	const untilRows = () => {
		for (let day = 0; day < 62 && now().length === 0; day++) advance(1);
		expect(now().length).toBeGreaterThan(0);
	};

	test('baseline, then 42 days passing three at a time: each row that enters the report once, never twice', async () => {
		const poller = trigger({ event });
		expect(await emitted(poller)).toEqual([]);
		const baseline = new Set(now());
		const shown = new Set<string>();
		const got: string[] = [];
		for (let step = 0; step < 14; step++) {
			advance(3);
			got.push(...ids(await emitted(poller), ...key));
			for (const row of now()) shown.add(row);
		}
		expect(got.length).toBeGreaterThan(0);
		expect(got.sort()).toEqual([...shown].filter((row) => !baseline.has(row)).sort());
	});

	test('what a poll sends: one report request, for the last 7 days on Melbourne’s calendar', async () => {
		const poller = trigger({ event });
		await emitted(poller);
		advance(3);
		const before = reportRequests().length;
		await emitted(poller);
		expect(reportRequests().slice(before)).toEqual([{ report, report_options: lastDays(7) }]);
	});

	test('restarts, overlapping polls and failed polls over 36 days: each row that enters the report once', async () => {
		const poller = trigger({ event });
		await emitted(poller);
		const baseline = new Set(now());
		const shown = new Set<string>();
		const got: string[] = [];
		for (let step = 0; step < 18; step++) {
			advance(2);
			for (const row of now()) shown.add(row);
			if (step % 5 === 1) poller.restart();
			if (step % 5 === 2) node.sim().faults.push(...Array(6).fill('http503'));
			if (step % 5 === 3) {
				node.sim().latency.ms = 50;
				const both = await Promise.all([emitted(poller), emitted(poller)]);
				node.sim().latency.ms = 0;
				got.push(...ids(both.flat(), ...key));
				continue;
			}
			const result = await poller.poll().catch(() => null);
			node.sim().faults.length = 0;
			got.push(
				...(result
					? ids(
							result[0].map((i) => i.json),
							...key,
						)
					: []),
			);
		}
		got.push(...ids(await emitted(poller), ...key));
		expect(got.length).toBeGreaterThan(0);
		expect(got.sort()).toEqual([...shown].filter((row) => !baseline.has(row)).sort());
	});

	test('Emit Existing Rows Once: the rows there are at activation, once; then only new ones', async () => {
		untilRows();
		const poller = trigger({ event, options: { emitExisting: true } });
		const first = ids(await emitted(poller), ...key);
		expect(first).toEqual(now());
		expect(first.length).toBeGreaterThan(0);
		expect(await emitted(poller)).toEqual([]);
		poller.restart();
		expect(await emitted(poller)).toEqual([]);
	});

	test('Fetch Test Event: a real row of the report, and the memory untouched', async () => {
		untilRows();
		const poller = trigger({ event });
		const [sample] = await emitted(poller, 'manual');
		expect(sample.event).toBe(event);
		expect(now()).toContain(ids([sample], ...key)[0]);
		expect(poller.staticData).toEqual({});
	});
});

test('Customer Ended carries the row, its money as exact decimal text whatever the platform spells it', async () => {
	state().traits.reportAmounts = 'grouped';
	const poller = trigger({ event: 'customerEnded', lookBackDays: 31 });
	await emitted(poller);
	const passed = advance(31);
	const left = passed.customersEnded.filter((c) => c.deptid === 1);
	const events = await emitted(poller);
	expect(ids(events, 'cid', 'lastDate')).toEqual(left.map((c) => `${c.cid} ${c.date}`).sort());
	for (const e of events) {
		expect(e).toEqual({
			event: 'customerEnded',
			observedAt: expect.any(String),
			cid: expect.any(Number),
			company: expect.any(String),
			accountManager: expect.any(String),
			serviceTypes: expect.any(String),
			cancellationReason: left.find((c) => c.cid === e.cid)!.reason,
			lastDate: expect.any(String),
			avg6monthspend: expect.stringMatching(/^\d+\.\d{2}$/),
			avgMinutes: expect.any(String),
			avgSms: 0,
		});
	}
});

/** A number as money text: its own digits, with at least two decimals (150.4 is "150.40"). */
const asMoney = (amount: number) => {
	const text = String(amount);
	return /\.\d{2,}$/.test(text) ? text : /\.\d$/.test(text) ? `${text}0` : `${text}.00`;
};

test('Invoice Issued over a bill run: every invoice of the run once, its total as exact decimal text', async () => {
	state().traits.reportAmounts = 'numbers';
	const poller = trigger({ event: 'invoiceIssued' });
	await emitted(poller);
	const events: IDataObject[] = [];
	let issued: number[] = [];
	for (let day = 0; day < 40 && issued.length === 0; day++) {
		issued = advance(1)
			.billRuns.filter((run) => run.deptid === 1)
			.flatMap((run) => run.invoices);
		events.push(...(await emitted(poller)));
	}
	expect(issued.length).toBeGreaterThan(5);
	expect(events.map((e) => e.iid).sort()).toEqual([...issued].sort());
	for (const e of events) {
		const invoice = state().invoices.find((i) => i.iid === e.iid)!;
		expect(e.total).toBe(asMoney(invoice.total));
	}
});

test('a customer who ends, comes back and ends again on a later day has ended again', async () => {
	const poller = trigger({ event: 'customerEnded' });
	await emitted(poller);
	const customer = state().customers.find(
		(c) => c.deptid === 1 && state().services.some((s) => s.cid === c.cid && s.date_ended === null),
	)!;
	const theirs = state().services.filter((s) => s.cid === customer.cid && s.date_ended === null);
	const today = lastDays(1).date_to.slice(0, 10);
	const yesterday = lastDays(2).date_from.slice(0, 10);
	for (const s of theirs) s.date_ended = yesterday;
	expect(ids(await emitted(poller), 'cid', 'lastDate')).toEqual([`${customer.cid} ${yesterday}`]);
	for (const s of theirs) s.date_ended = null;
	expect(await emitted(poller)).toEqual([]);
	for (const s of theirs) s.date_ended = yesterday;
	expect(await emitted(poller)).toEqual([]);
	for (const s of theirs) s.date_ended = today;
	expect(ids(await emitted(poller), 'cid', 'lastDate')).toEqual([`${customer.cid} ${today}`]);
});
