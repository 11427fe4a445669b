import { setupCharge } from '../billing';
import { addMonths, endOfMonth } from '../dates';
import { melbourneNow } from '../melbourne';
import type { Customer, Service } from '../state';
import { money, sum } from './context';
import type { Context, Row } from './context';
import { billedCalls } from './usage';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function started(ctx: Context): Service[] {
	return ctx.services.filter((s) => ctx.inRange(s.start_date));
}

/** New: the customer had no service before the range began (date_from). */
function isNewCustomer(ctx: Context, cid: number): boolean {
	return !ctx.services.some(
		(o) => o.cid === cid && ctx.from !== undefined && `${o.start_date} 00:00:00` < ctx.from,
	);
}

function contractMonths(ctx: Context, service: Service): number {
	return (
		Number.parseInt(service.contracterm, 10) ||
		ctx.state.serviceTypes.find((t) => t.esid === service.servicetype)?.contract_months ||
		0
	);
}

/** A customer's services all ended: the day the last one did. */
function leftOn(ctx: Context, cid: number): string | undefined {
	const theirs = ctx.services.filter((s) => s.cid === cid);
	if (theirs.length === 0 || theirs.some((s) => s.date_ended === null)) return undefined;
	return theirs
		.map((s) => s.date_ended!)
		.sort()
		.pop();
}

/**
 * Monthly averages over the six months up to `end`: invoiced (tax included) for an account, or the service's
 * own lines (ex tax) for a service, and billed minutes; over the months actually invoiced in that window.
 */
function sixMonthAverages(
	ctx: Context,
	cid: number,
	end: string,
	service?: Service,
): { spend: number; minutes: number } {
	const from = addMonths(end, -6);
	const invoices = ctx.state.invoices.filter(
		(i) => i.cid === cid && i.date > from && i.date <= end,
	);
	const numbers = new Set(
		ctx.services
			.filter((s) => s.cid === cid && (!service || s === service))
			.map((s) => s.service_num),
	);
	const calls = billedCalls(ctx, (at) => at > `${from} 23:59:59` && at <= `${end} 23:59:59`).filter(
		(c) => numbers.has(c.cdr.callerid),
	);
	const minutes = sum(calls, (c) => c.cdr.billsec / 60);
	if (!service)
		return {
			spend: sum(invoices, (i) => i.total) / Math.max(1, invoices.length),
			minutes: minutes / Math.max(1, invoices.length),
		};
	const billed = invoices.filter((i) => ctx.lines(i).some((l) => l.enid === service.id));
	const spend = sum(billed, (i) =>
		sum(
			ctx.lines(i).filter((l) => l.enid === service.id),
			(l) => l.amount,
		),
	);
	return {
		spend: spend / Math.max(1, billed.length),
		minutes: minutes / Math.max(1, billed.length),
	};
}

function cancellation(ctx: Context, enid: number) {
	return ctx.state.cancellations.find((c) => c.enid === enid);
}

/** Rows by a key, each with the count of new services and their fees, plus a count for every service type. */
function newServicesBy(ctx: Context, keyName: string, keyOf: (s: Service) => string): Row[] {
	const groups = new Map<string, Service[]>();
	for (const s of started(ctx)) groups.set(keyOf(s), [...(groups.get(keyOf(s)) ?? []), s]);
	return [...groups]
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([key, list]) => ({
			[keyName]: key,
			total_sales: list.length,
			monthly_fees: money(sum(list, ctx.fee)),
			...Object.fromEntries(
				ctx.state.serviceTypes.map((t) => [
					t.typeofservice,
					list.filter((s) => s.servicetype === t.esid).length,
				]),
			),
		}));
}

export const serviceReports: Record<string, (ctx: Context) => Row[]> = {
	newServices(ctx) {
		return started(ctx)
			.filter((s) => ctx.inGroups(s.cid))
			.map((s) => ({
				enid: s.id,
				cid: s.cid,
				customer: ctx.customer(s.cid)?.company ?? '',
				start_date: s.start_date,
				service_type: ctx.typeName(s.servicetype),
				monthly_fee: money(ctx.fee(s)),
				newCustomer: isNewCustomer(ctx, s.cid),
			}));
	},

	/**
	 * The spec counts a customer with several new types once "under a random type": here, the type of
	 * their first new service.
	 */
	newServicesSummary(ctx) {
		const list = started(ctx);
		const countedUnder = new Map<number, number>();
		for (const s of list) if (!countedUnder.has(s.cid)) countedUnder.set(s.cid, s.servicetype);
		return ctx.state.serviceTypes
			.filter((t) => list.some((s) => s.servicetype === t.esid))
			.map((t) => {
				const ofType = list.filter((s) => s.servicetype === t.esid);
				const customers = [...countedUnder]
					.filter(([, esid]) => esid === t.esid)
					.map(([cid]) => cid);
				return {
					service_type: t.typeofservice,
					service_count: ofType.length,
					monthly_fees: money(sum(ofType, ctx.fee)),
					new_customers: customers.filter((cid) => isNewCustomer(ctx, cid)).length,
					existing_customers: customers.filter((cid) => !isNewCustomer(ctx, cid)).length,
				};
			});
	},

	/** The sales person is the customer's account manager (the simulator's customers name no other). */
	newServicesSalesPersonSummary(ctx) {
		return newServicesBy(ctx, 'sales_person', (s) => ctx.customer(s.cid)?.account_manager ?? '');
	},

	newServicesSourceSummary(ctx) {
		return newServicesBy(ctx, 'source', (s) => s.ext_field2);
	},

	/**
	 * New customers and what they signed: contract_length is their longest contract (months), min_spend the
	 * fees over each service's contract, setup_fees the one-off charges their services attract, bundle_fees
	 * their bundles' monthly cost, expected_revenue min_spend + setup_fees + bundle_fees over the contract.
	 */
	customerNewDetails(ctx) {
		const byCustomer = new Map<Customer, Service[]>();
		for (const s of started(ctx)) {
			const customer = ctx.customer(s.cid);
			if (customer && isNewCustomer(ctx, s.cid))
				byCustomer.set(customer, [...(byCustomer.get(customer) ?? []), s]);
		}
		return [...byCustomer].map(([customer, list]) => {
			const contractLength = Math.max(...list.map((s) => contractMonths(ctx, s)));
			const minSpend = sum(list, (s) => ctx.fee(s) * contractMonths(ctx, s));
			const setupFees = sum(list, (s) => setupCharge(s, ctx.state.products)?.ex_tax_amount ?? 0);
			const bundleFees = sum(
				ctx.state.bundles.filter((b) => b.cid === customer.cid && b.active === 1),
				(b) => b.monthly_cost ?? 0,
			);
			return {
				cid: customer.cid,
				company: customer.company,
				min_spend: money(minSpend),
				contract_length: contractLength,
				expected_revenue: money(minSpend + setupFees + bundleFees * contractLength),
				monthly_fees: money(sum(list, ctx.fee)),
				setup_fees: money(setupFees),
				service_types: [...new Set(list.map((s) => ctx.typeName(s.servicetype)))].join(', '),
				billinggroup: customer.billinggroup,
				bundle_fees: money(bundleFees),
				services: list.map((s) => ({
					enid: s.id,
					service_type: ctx.typeName(s.servicetype),
					service_num: s.service_num,
					start_date: s.start_date,
					monthlyfee: money(s.monthlyfee),
				})),
			};
		});
	},

	endedServicesDetailed(ctx) {
		return ctx.services
			.filter((s) => s.date_ended !== null && ctx.inRange(s.date_ended) && ctx.inGroups(s.cid))
			.map((s) => {
				const customer = ctx.customer(s.cid);
				const account = sixMonthAverages(ctx, s.cid, s.date_ended!);
				const own = sixMonthAverages(ctx, s.cid, s.date_ended!, s);
				return {
					enid: s.id,
					customer: customer?.company ?? '',
					'Account Manager': customer?.account_manager ?? '',
					avg_account_spend: money(account.spend),
					avg_service_spend: money(own.spend),
					cancellation_request_date: cancellation(ctx, s.id)?.requested ?? s.date_ended,
					churn_reason: cancellation(ctx, s.id)?.reason ?? null,
					avg_minutes: own.minutes.toFixed(2),
					avg_sms: 0,
					start_date: s.start_date,
					end_date: s.date_ended,
					service_type: ctx.typeName(s.servicetype),
					monthly_fee: money(ctx.fee(s)),
				};
			});
	},

	/** Customers whose last service ended within the range. */
	customerEndedDetail(ctx) {
		return ctx.customers.flatMap((customer) => {
			const lastDate = leftOn(ctx, customer.cid);
			if (!lastDate || !ctx.inRange(lastDate)) return [];
			const theirs = ctx.services.filter((s) => s.cid === customer.cid);
			const last = theirs.find((s) => s.date_ended === lastDate)!;
			const averages = sixMonthAverages(ctx, customer.cid, lastDate);
			return [
				{
					cid: customer.cid,
					company: customer.company,
					accountManager: customer.account_manager,
					serviceTypes: [...new Set(theirs.map((s) => ctx.typeName(s.servicetype)))].join(', '),
					cancellationReason: cancellation(ctx, last.id)?.reason ?? null,
					lastDate,
					avg6monthspend: money(averages.spend),
					avgMinutes: averages.minutes.toFixed(2),
					avgSms: 0,
				},
			];
		});
	},

	/**
	 * One row a month from date_from's month to date_to's (the last 12 months when no range): customers whose
	 * first service started that month, whose last service ended that month, and those with a connected
	 * service at the month's end (today for the current month).
	 */
	activeCustomersSummary(ctx) {
		const today = melbourneNow().slice(0, 10);
		const last = (ctx.to ?? today).slice(0, 7);
		let month = ctx.from ? `${ctx.from.slice(0, 7)}-01` : addMonths(`${last}-01`, -11);
		const firstStart = (cid: number) =>
			ctx.services
				.filter((s) => s.cid === cid)
				.map((s) => s.start_date)
				.sort()[0];
		const rows: Row[] = [];
		for (; month.slice(0, 7) <= last; month = addMonths(month, 1)) {
			const end = endOfMonth(month) < today ? endOfMonth(month) : today;
			const inMonth = (date: string | undefined) =>
				date !== undefined && date.slice(0, 7) === month.slice(0, 7);
			rows.push({
				date: `${month.slice(0, 4)}-${MONTHS[Number(month.slice(5, 7)) - 1]}`,
				new_customers: ctx.customers.filter((c) => inMonth(firstStart(c.cid))).length,
				end_customers: ctx.customers.filter((c) => inMonth(leftOn(ctx, c.cid))).length,
				total_customers: ctx.customers.filter((c) =>
					ctx.services.some(
						(s) =>
							s.cid === c.cid &&
							s.service_status !== 'pending' &&
							s.start_date <= end &&
							(s.date_ended === null || s.date_ended >= end),
					),
				).length,
			});
		}
		return rows;
	},
};
