import { addDays, addMonths } from '../dates';
import { balanceOf } from '../ledger';
import { melbourneNow } from '../melbourne';
import type { State } from '../state';
import { billRun, usageByServiceMonth } from './billRuns';
import { generateCalls } from './calls';
import { between } from './random';
import { sell } from './sales';
import { assignCommissions, seedRecentServices } from './services';

/** Monthly bill runs kept: a year of invoices, so "this year", quarters and months all find some. */
const RUNS = 12;
/** Counter sales fall on a day within this many days before today. */
const SALES_SPAN = 300;

function generate(state: State, now: string): void {
	const today = now.slice(0, 10);
	const thisMonth = `${today.slice(0, 8)}01`;
	const runs = Array.from({ length: RUNS }, (_, k) => addMonths(thisMonth, k - RUNS + 1));
	for (const deptid of state.departments.keys()) seedRecentServices(state, deptid, today);
	assignCommissions(state);
	const cdrs = generateCalls(state, addMonths(runs[0], -1), now);
	state.callHistory = { cdrs, billed: state.cdrs.rateHistory(cdrs) };
	state.resetCdrs();
	for (const deptid of state.departments.keys()) {
		const customers = state.customers.filter((c) => c.deptid === deptid);
		const services = state.services.filter(
			(s) => s.deptid === deptid && s.service_status !== 'pending',
		);
		const usage = usageByServiceMonth(state, deptid);
		const sales = customers
			.map((customer, index) => ({
				customer,
				index,
				date: addDays(today, -between(`sale:${customer.cid}`, 0, SALES_SPAN)),
			}))
			.filter(({ customer }) => !state.services.some((s) => s.cid === customer.cid));
		const days = [...new Set([...runs, ...sales.map((s) => s.date)])].sort();
		for (const day of days) {
			if (runs.includes(day)) billRun(state, deptid, day, services, usage, today);
			for (const sale of sales.filter((s) => s.date === day))
				sell(state, sale.customer, sale.index, day, today);
		}
	}
	for (const customer of state.customers) customer.balance = balanceOf(state, customer.cid);
}

/** What generating adds to a freshly loaded state. */
interface Snapshot {
	services: State['services'];
	callHistory: State['callHistory'];
	records: Pick<
		State,
		'invoices' | 'credits' | 'payments' | 'billRuns' | 'commissions' | 'cancellations'
	>;
	balances: number[];
	sequences: Array<[string, number]>;
}

// The unit suite starts a simulator per test: generating once per seed and minute, then copying, keeps that fast.
const snapshots = new WeakMap<object, { minute: string; snapshot: Snapshot }>();

function capture(state: State, servicesBefore: number): Snapshot {
	const { invoices, credits, payments, billRuns, commissions, cancellations } = state;
	const copied = structuredClone({
		services: state.services.slice(servicesBefore),
		records: { invoices, credits, payments, billRuns, commissions, cancellations },
	});
	// Calls are never changed after start-up, so every copy shares them (frozen, to be sure).
	const { cdrs, billed } = state.callHistory;
	const callHistory = {
		cdrs: cdrs.map((c) => Object.freeze(c)),
		billed: billed.map((b) => Object.freeze(b)),
	};
	return {
		...copied,
		callHistory,
		balances: state.customers.map((c) => c.balance),
		sequences: state.sequenceValues(),
	};
}

function restore(state: State, snapshot: Snapshot): void {
	const copy = structuredClone({ services: snapshot.services, records: snapshot.records });
	state.services.push(...copy.services);
	Object.assign(state, copy.records);
	state.customers.forEach((c, i) => (c.balance = snapshot.balances[i]));
	state.restoreSequences(snapshot.sequences);
	state.callHistory = snapshot.callHistory;
	state.resetCdrs();
}

/**
 * A year of billing history, generated relative to now (Melbourne time) so that every period a report names
 * has data: recent new and ended services, the calls of every calling service, monthly bill runs invoicing
 * service fees, setup charges, calls and fees, credit notes, counter sales, and the payments each customer's
 * habits make. Each customer's balance is what the history leaves owing. The same seed and minute always
 * give the same history.
 */
export function seedHistory(state: State): void {
	const now = melbourneNow();
	const cached = snapshots.get(state.seed);
	if (cached?.minute === now.slice(0, 16)) return restore(state, cached.snapshot);
	const servicesBefore = state.services.length;
	generate(state, now);
	snapshots.set(state.seed, { minute: now.slice(0, 16), snapshot: capture(state, servicesBefore) });
}
