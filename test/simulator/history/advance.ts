import { addDays } from '../dates';
import { balanceOf } from '../ledger';
import { melbourneNow } from '../melbourne';
import type { Customer, State } from '../state';
import { billRun, usageByServiceMonth } from './billRuns';
import { generateCalls } from './calls';
import { payInvoice } from './payments';
import { stream } from './random';
import { startService } from './services';

/**
 * Time passing on the platform, for tests and sandbox users who watch the reports change (the Report Trigger):
 * `days` days go by. The clock itself stays the real one (n8n in another process reads it too), so the
 * platform's records move instead: every date they hold becomes `days` days older, as time passing makes it,
 * and then each of those days happens in turn, up to today: the 1st's bill run, the payments each customer's
 * habits make, calls, credit notes, services starting, services ending, customers leaving. What happens on a day is fixed by the
 * department and the day's place in the simulator's life (its `day` count), so a run can be replayed.
 */

/** What passing days did, in the order it happened: what the reports then show. */
export interface Passed {
	days: number;
	today: string;
	billRuns: Array<{ deptid: number; date: string; invoices: number[] }>;
	payments: number;
	credits: number;
	servicesStarted: Array<{ deptid: number; enid: number; cid: number; date: string }>;
	servicesEnded: Array<{ deptid: number; enid: number; cid: number; date: string }>;
	customersEnded: Array<{ deptid: number; cid: number; date: string; reason: string }>;
}

const REASONS = ['Moved to a competitor', 'Price', 'Moved premises', 'No longer needed'];
const SOURCES = ['web', 'referral', 'partner'];

/** A record's date (or date and time) `days` days earlier. */
function earlier<T extends string | null>(date: T, days: number): T {
	if (date === null || date === '' || !/^\d{4}-\d{2}-\d{2}/.test(date)) return date;
	return `${addDays(date.slice(0, 10), -days)}${date.slice(10)}` as T;
}

/** Every date the reports read, `days` days older: invoices, payments, credits, services, bill runs. */
function age(state: State, days: number): void {
	for (const invoice of state.invoices) {
		invoice.date = earlier(invoice.date, days);
		invoice.due_date = earlier(invoice.due_date, days);
	}
	for (const payment of state.payments) payment.date = earlier(payment.date, days);
	for (const credit of state.credits) credit.date = earlier(credit.date, days);
	for (const service of state.services) {
		service.start_date = earlier(service.start_date, days);
		service.date_ended = earlier(service.date_ended, days);
		service.date_created = earlier(service.date_created, days);
		service.date_modified = earlier(service.date_modified, days);
	}
	for (const cancellation of state.cancellations)
		cancellation.requested = earlier(cancellation.requested, days);
	for (const run of state.billRuns) {
		run.date = earlier(run.date, days);
		run.usage_from = earlier(run.usage_from, days);
		run.usage_to = earlier(run.usage_to, days);
	}
	for (const charge of state.serviceCharges) charge.charge_date = earlier(charge.charge_date, days);
	for (const item of state.chargeItems) item.charge_date = earlier(item.charge_date, days);
}

/**
 * The call history `days` days older, and the calls of the days that passed added (each calling service's, rated
 * as the history's were). The calls are shared by every simulator started the same minute: moved copies, never
 * the calls themselves.
 */
function callsPass(state: State, days: number, today: string): void {
	const { cdrs, billed } = state.callHistory;
	const made = generateCalls(
		state,
		addDays(today, -(days - 1)),
		melbourneNow(),
		`passed ${state.daysPassed}:`,
	);
	state.callHistory = {
		cdrs: [
			...cdrs.map((cdr) => ({
				...cdr,
				startdate: earlier(cdr.startdate, days),
				enddate: earlier(cdr.enddate, days),
			})),
			...made,
		],
		billed: [
			...billed.map((call) => ({ ...call, startdate: earlier(call.startdate, days) })),
			...state.cdrs.rateHistory(made),
		],
	};
	state.cdrs.rebaseHistory(state.callHistory);
}

const connected = (state: State, cid: number, day: string) =>
	state.services.filter(
		(s) =>
			s.cid === cid &&
			s.service_status !== 'pending' &&
			s.start_date <= day &&
			(s.date_ended === null || s.date_ended > day),
	);

/** One customer of the department, drawn. */
function drawn(customers: Customer[], draw: (min: number, max: number) => number): Customer {
	return customers[draw(0, customers.length - 1)];
}

/**
 * What one day brings to one department. `day` is the day's date as the records write it (the real calendar's:
 * the clock stays real); `calendar` is the date it is on the platform's own calendar, which has run on by the
 * days passed, so a bill run comes every month of passed time (its invoices dated `day`).
 */
function dayIn(
	state: State,
	deptid: number,
	day: string,
	calendar: string,
	count: number,
	passed: Passed,
): void {
	const draw = stream(`day ${count}:${deptid}`);
	const customers = state.customers.filter((c) => c.deptid === deptid);
	const active = customers.filter((c) => c.active && c.account_state === '');
	// The month's bill run, on the 1st: every customer with a service connected that day is invoiced.
	if (calendar.endsWith('-01')) {
		const before = state.invoices.length;
		const services = state.services.filter(
			(s) => s.deptid === deptid && s.service_status !== 'pending',
		);
		billRun(state, deptid, day, services, usageByServiceMonth(state, deptid), day);
		passed.billRuns.push({
			deptid,
			date: day,
			invoices: state.invoices.slice(before).map((invoice) => invoice.iid),
		});
	}
	// Payments fall due by each customer's habit (history/payments.ts): those of today are made.
	const paymentsBefore = state.payments.length;
	for (const invoice of state.invoices.filter((i) => i.deptid === deptid && i.paid < i.total)) {
		const index = customers.findIndex((c) => c.cid === invoice.cid);
		if (index >= 0) payInvoice(state, customers[index], index, invoice, day, addDays(day, -1));
	}
	passed.payments += state.payments.length - paymentsBefore;
	// A credit note now and then (an outage, goodwill) against one of the department's recent invoices.
	const recent = state.invoices.filter(
		(i) => i.deptid === deptid && i.date >= addDays(day, -31) && i.total > 20,
	);
	if (draw(0, 99) < 20 && recent.length) {
		const invoice = recent[draw(0, recent.length - 1)];
		state.credits.push({
			id: state.nextId('credit', 60001),
			deptid,
			cid: invoice.cid,
			iid: invoice.iid,
			date: day,
			amount: [5, 10, 15][draw(0, 2)],
			description: 'Service outage credit',
		});
		passed.credits++;
	}
	// A new service about every other day, now and then for a customer who had none.
	if (draw(0, 99) < 45 && active.length) {
		const customer = drawn(active, draw);
		const esid = draw(1, 5);
		const service = startService(state, customer, {
			esid,
			start: day,
			source: SOURCES[draw(0, SOURCES.length - 1)],
			number:
				esid === 2
					? `04${String(80000000 + count * 100 + deptid)}`
					: `N${deptid}3${String(count).padStart(5, '0')}`,
		});
		passed.servicesStarted.push({ deptid, enid: service.id, cid: customer.cid, date: day });
	}
	// A service ends about once a week; now and then it is the customer's last one: the customer has left.
	if (draw(0, 99) < 15) {
		const withServices = active.filter((c) => connected(state, c.cid, day).length > 0);
		if (withServices.length) {
			const customer = drawn(withServices, draw);
			const leaving = draw(0, 99) < 50;
			const reason = REASONS[draw(0, REASONS.length - 1)];
			// Leaving ends every service not ended yet, pending ones too; otherwise one connected service ends.
			const theirs = leaving
				? state.services.filter((s) => s.cid === customer.cid && s.date_ended === null)
				: connected(state, customer.cid, day).slice(0, 1);
			for (const service of theirs) {
				service.date_ended = day;
				service.date_modified = `${day} 17:00:00`;
				service.service_status = leaving ? 'churned' : 'disconnected';
				state.cancellations.push({ enid: service.id, requested: addDays(day, -30), reason });
				passed.servicesEnded.push({ deptid, enid: service.id, cid: customer.cid, date: day });
			}
			// As Customer Ended Detail reads it: every service the customer ever had has ended.
			const left = state.services
				.filter((s) => s.cid === customer.cid)
				.every((s) => s.date_ended !== null);
			// A customer who left is no longer active: no new service starts for them.
			if (left) {
				customer.active = false;
				passed.customersEnded.push({ deptid, cid: customer.cid, date: day, reason });
			}
		}
	}
}

/** `days` days go by on the platform (see the file's comment); returns what happened. */
export function advance(state: State, days: number): Passed {
	if (!Number.isInteger(days) || days < 1 || days > 400)
		throw new Error('days must be a whole number from 1 to 400');
	const today = melbourneNow().slice(0, 10);
	const passed: Passed = {
		days,
		today,
		billRuns: [],
		payments: 0,
		credits: 0,
		servicesStarted: [],
		servicesEnded: [],
		customersEnded: [],
	};
	age(state, days);
	callsPass(state, days, today);
	const passedAfter = state.daysPassed + days;
	for (let k = days - 1; k >= 0; k--) {
		state.daysPassed++;
		const day = addDays(today, -k);
		for (const deptid of state.departments.keys())
			dayIn(state, deptid, day, addDays(day, passedAfter), state.daysPassed, passed);
	}
	for (const customer of state.customers) customer.balance = balanceOf(state, customer.cid);
	return passed;
}
