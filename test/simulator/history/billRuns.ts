import { FEE_TYPES, TAX_RATE, cents, dueDate, line, setupCharge } from '../billing';
import type { BillRun, Invoice, InvoiceLine } from '../billing';
import { addDays, addMonths, daysInMonth, endOfMonth, parseDate } from '../dates';
import type { Customer, Service, State } from '../state';
import { payInvoice } from './payments';

type Usage = Map<string, { calls: number; minutes: number; amount: number; cost: number }>;

const CREDIT_REASONS = ['Service outage credit', 'Goodwill credit', 'Billing adjustment'];

function days(from: string, to: string): number {
	return Math.round((parseDate(to)!.getTime() - parseDate(from)!.getTime()) / 86400000) + 1;
}

/** The department's billed calls by service and month, as the bill runs invoice them. */
export function usageByServiceMonth(state: State, deptid: number): Usage {
	const usage: Usage = new Map();
	for (const billed of state.cdrs.billed.values()) {
		if (billed.deptid !== deptid) continue;
		const cdr = state.cdrs.find(billed.id)!;
		const service = state.serviceByNumber(deptid, cdr.callerid);
		if (!service) continue;
		const key = `${service.id}|${billed.startdate.slice(0, 7)}`;
		const entry = usage.get(key) ?? { calls: 0, minutes: 0, amount: 0, cost: 0 };
		entry.calls++;
		entry.minutes += cdr.billsec / 60;
		entry.amount += Number(billed.price);
		entry.cost += cdr.cost ?? 0;
		usage.set(key, entry);
	}
	return usage;
}

/**
 * A service's lines on the run of `date`: its fee for the run's month in advance while it is connected on
 * that day; for a service that started after the previous run, the part of last month it was connected (pro
 * rata) and its setup charge; and last month's calls.
 */
function serviceLines(state: State, service: Service, date: string, usage: Usage): InvoiceLine[] {
	const previousRun = addMonths(date, -1);
	const monthEnd = endOfMonth(previousRun);
	const ref = { enid: service.id, esid: service.servicetype };
	const lines: InvoiceLine[] = [];
	const ended = service.date_ended;
	if (service.start_date > previousRun && service.start_date <= monthEnd) {
		const until = ended !== null && ended < monthEnd ? ended : monthEnd;
		const share = days(service.start_date, until) / daysInMonth(previousRun);
		lines.push(
			line({
				kind: 'service',
				description: `${service.billing_name}, ${service.start_date} to ${until} (pro rata)`,
				amount: service.monthlyfee * share,
				cost: cents(service.cost * share),
				...ref,
			}),
		);
	}
	if (service.start_date <= date && (ended === null || ended >= date)) {
		lines.push(
			line({
				kind: 'service',
				description: `${service.billing_name}, ${date} to ${endOfMonth(date)}`,
				amount: service.monthlyfee,
				cost: service.cost,
				...ref,
			}),
		);
	}
	const setup =
		service.start_date > previousRun && service.start_date <= date
			? setupCharge(service, state.products)
			: undefined;
	if (setup)
		lines.push(
			line({
				kind: 'setup',
				description: `${setup.title} (${service.service_num})`,
				amount: setup.ex_tax_amount,
				pid: setup.pid,
				...ref,
			}),
		);
	const calls = usage.get(`${service.id}|${previousRun.slice(0, 7)}`);
	if (calls)
		lines.push(
			line({
				kind: 'usage',
				description: `Calls ${previousRun.slice(0, 7)} (${service.service_num})`,
				amount: calls.amount,
				cost: cents(calls.cost),
				calls: calls.calls,
				minutes: calls.minutes,
				...ref,
			}),
		);
	return lines;
}

/** Open on `date`: what is left of the invoice after the credits and payments made against it by then. */
function openOn(state: State, invoice: Invoice, date: string): number {
	const credited = state.credits
		.filter((c) => c.iid === invoice.iid && c.date <= date)
		.reduce((sum, c) => sum + cents(c.amount * (1 + TAX_RATE)), 0);
	const paid = state.payments
		.filter((p) => p.iid === invoice.iid && p.date <= date)
		.reduce((sum, p) => sum + p.amount, 0);
	return cents(invoice.total - credited - paid);
}

/**
 * Configured fees: late (an invoice past due and unpaid on the run's day), card payment fees of last
 * month, paper bills.
 */
function feeLines(state: State, customer: Customer, date: string): InvoiceLine[] {
	const fee = (type: string) => FEE_TYPES.find((f) => f.type === type)!;
	const lines: InvoiceLine[] = [];
	if (
		state.invoices.some(
			(i) => i.cid === customer.cid && i.due_date < date && openOn(state, i, date) > 0,
		)
	) {
		lines.push(
			line({
				kind: 'fee',
				feeType: 'late',
				description: fee('late').description,
				amount: fee('late').amount!,
			}),
		);
	}
	const previousRun = addMonths(date, -1);
	for (const payment of state.payments) {
		if (
			payment.cid !== customer.cid ||
			payment.method !== 'card_on_file' ||
			payment.date < previousRun ||
			payment.date >= date
		)
			continue;
		lines.push(
			line({
				kind: 'fee',
				feeType: 'payment',
				description: `${fee('payment').description} (${payment.date})`,
				amount: (payment.amount * fee('payment').percent!) / 100,
			}),
		);
	}
	if (customer.email === '')
		lines.push(
			line({
				kind: 'fee',
				feeType: 'paper_bill',
				description: fee('paper_bill').description,
				amount: fee('paper_bill').amount!,
			}),
		);
	return lines;
}

/**
 * The monthly bill run on `date` (the 1st): one invoice per customer with something to bill, then the credit
 * notes some of them get a few days later and the payments each customer's habits make.
 */
export function billRun(
	state: State,
	deptid: number,
	date: string,
	services: Service[],
	usage: Usage,
	today: string,
): void {
	const run: BillRun = {
		id: state.nextId('billRun'),
		deptid,
		date,
		usage_from: addMonths(date, -1),
		usage_to: endOfMonth(addMonths(date, -1)),
		status: 'approved',
		invoice_count: 0,
		total: 0,
	};
	// A month number, so a calendar month's credits fall on the same customers whatever today is.
	const month = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
	state.customers
		.filter((c) => c.deptid === deptid)
		.forEach((customer, index) => {
			const billable = services
				.filter((s) => s.cid === customer.cid)
				.flatMap((s) => serviceLines(state, s, date, usage));
			if (billable.length === 0) return;
			const lines = [...billable, ...feeLines(state, customer, date)];
			const total = cents(lines.reduce((sum, l) => sum + l.amount + l.tax, 0));
			const invoice: Invoice = {
				iid: state.nextId('invoice', 80001),
				deptid,
				cid: customer.cid,
				date,
				due_date: dueDate(date),
				bill_run_id: run.id,
				products: [],
				lines,
				total,
				paid: 0,
			};
			state.invoices.push(invoice);
			run.invoice_count++;
			run.total = cents(run.total + total);
			const creditDate = addDays(date, 3);
			if ((index + month) % 5 === 0 && creditDate <= today) {
				const exTax = lines.reduce((sum, l) => sum + l.amount, 0);
				const amount = Math.min([10, 15, 20][(index + month) % 3], Math.floor(exTax));
				state.credits.push({
					id: state.nextId('credit', 60001),
					deptid,
					cid: customer.cid,
					iid: invoice.iid,
					date: creditDate,
					amount,
					description: CREDIT_REASONS[(index + month) % 3],
				});
			}
			payInvoice(state, customer, index, invoice, today);
		});
	state.billRuns.push(run);
}
