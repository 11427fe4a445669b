import { addDays } from './dates';
import { BANDS, agedOn } from './ledger';
import { melbourneNow } from './melbourne';
import { runReport } from './reports';
import { startSimulator } from './app';
import type { Simulator } from './app';
import type { Passed } from './history/advance';

// The platform moves over time (history/advance.ts): a test, or a sandbox user through POST /__simulator/advance,
// lets days pass, and the reports the Report Trigger watches change as they would.

let sim: Simulator;
beforeEach(async () => {
	sim = await startSimulator();
});
afterEach(async () => await sim.close());

const today = () => melbourneNow().slice(0, 10);
const rows = (report: string, options: Record<string, unknown>) => {
	const result = runReport(sim.state, 1, report, options);
	if ('error' in result) throw new Error(result.error);
	return result.rows;
};
const lastDays = (days: number) => ({
	date_from: `${addDays(today(), -(days - 1))} 00:00:00`,
	date_to: `${today()} 23:59:59`,
});
const advance = async (days: number): Promise<Passed & { success: boolean }> =>
	(await (
		await fetch(`${sim.url}/__simulator/advance`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ days }),
		})
	).json()) as Passed & { success: boolean };
/** The 1sts of the month among the `days` days after today: each is a bill run on the platform's calendar. */
const firstsAhead = (days: number) =>
	Array.from({ length: days }, (_, k) => addDays(today(), k + 1)).filter((d) => d.endsWith('-01'))
		.length;
const levelOf = (cid: number) => {
	const { bands } = agedOn(sim.state, cid, today());
	return BANDS.reduce((level, band, i) => (bands[band] > 0 ? i : level), -1);
};

test('a month passes: a bill run a department for each 1st, payments, services starting and ending, customers leaving', async () => {
	// 31 days hold one 1st, or two when they take in the whole of a shorter month (from 31 March: 1 April and
	// 1 May): counted, not assumed.
	const firsts = firstsAhead(31);
	const passed = await advance(31);
	expect(passed.success).toBe(true);
	expect(passed.billRuns.map((run) => run.deptid).sort()).toEqual([
		...Array(firsts).fill(1),
		...Array(firsts).fill(2),
	]);
	expect(passed.payments).toBeGreaterThan(0);
	expect(passed.servicesStarted.length).toBeGreaterThan(5);
	expect(passed.servicesEnded.length).toBeGreaterThan(0);
	expect(passed.customersEnded.length).toBeGreaterThan(0);
	// The reports show it, dated within the month that passed.
	const invoices = rows('salesInvoiceDetail', lastDays(31)).map((row) => row.iid);
	for (const run of passed.billRuns.filter((r) => r.deptid === 1))
		expect(invoices).toEqual(expect.arrayContaining(run.invoices));
	const started = rows('newServices', lastDays(31)).map((row) => row.enid);
	for (const s of passed.servicesStarted.filter((e) => e.deptid === 1))
		expect(started).toContain(s.enid);
	const ended = rows('customerEndedDetail', lastDays(31)).map(
		(row) => `${row.cid} ${row.lastDate}`,
	);
	for (const c of passed.customersEnded.filter((e) => e.deptid === 1))
		expect(ended).toContain(`${c.cid} ${c.date}`);
});

test('an account nobody pays moves into a later band as the days pass', async () => {
	// Customers under credit management stopped paying months ago (history/payments.ts).
	const stopped = sim.state.customers.find(
		(c) => c.deptid === 1 && c.credit_management === 1 && levelOf(c.cid) >= 1 && levelOf(c.cid) < 5,
	)!;
	const before = levelOf(stopped.cid);
	await advance(30);
	expect(levelOf(stopped.cid)).toBeGreaterThan(before);
	expect(rows('agedReceivables', { date: today() }).map((row) => row.cid)).toContain(stopped.cid);
});

test('a bill run comes every month of passed time, however the days are taken', async () => {
	// 91 days hold two 1sts (2 July to 30 September), three, or four (1 December to 1 March): counted from the
	// calendar. The CI that ran on 30 November in Melbourne found the test assuming three.
	const firsts = firstsAhead(91);
	expect(firsts).toBeGreaterThanOrEqual(2);
	const runs: string[] = [];
	for (let week = 0; week < 13; week++)
		runs.push(...(await advance(7)).billRuns.map((r) => `${r.deptid}`));
	expect(runs.sort()).toEqual([...Array(firsts).fill('1'), ...Array(firsts).fill('2')]);
});

test('the same days give the same events; the control refuses a day count that is not one', async () => {
	const first = await advance(10);
	const again = await startSimulator();
	try {
		const second = (await (
			await fetch(`${again.url}/__simulator/advance`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ days: 10 }),
			})
		).json()) as Passed;
		expect(second.servicesStarted).toEqual(first.servicesStarted);
		expect(second.customersEnded).toEqual(first.customersEnded);
	} finally {
		await again.close();
	}
	for (const days of [0, 1.5, 'x', 401]) {
		const answer = await fetch(`${sim.url}/__simulator/advance`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ days }),
		});
		expect([answer.status, ((await answer.json()) as { success: boolean }).success]).toEqual([
			400,
			false,
		]);
	}
});
