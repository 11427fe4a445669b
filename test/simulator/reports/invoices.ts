import { FEE_TYPES, TAX_RATE, cents } from '../billing';
import type { InvoiceLine } from '../billing';
import { addMonths } from '../dates';
import { melbourneNow } from '../melbourne';
import { money, sum } from './context';
import type { Context, Row } from './context';

function linesInRange(ctx: Context): Array<{ line: InvoiceLine; iid: number; date: string }> {
	return ctx.invoices.flatMap((invoice) =>
		ctx.lines(invoice).map((line) => ({ line, iid: invoice.iid, date: invoice.date })),
	);
}

function creditsInRange(ctx: Context) {
	return ctx.state.credits
		.filter((c) => c.deptid === ctx.deptid && ctx.inRange(c.date))
		.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

/** Payments by the department's customers made within the range. */
export function paymentsInRange(ctx: Context) {
	return ctx.state.payments.filter(
		(p) => ctx.customer(p.cid) !== undefined && ctx.inRange(p.date.slice(0, 10)),
	);
}

export const invoiceReports: Record<string, (ctx: Context) => Row[]> = {
	salesInvoiceDetail(ctx) {
		return ctx.invoices.map((invoice) => {
			const c = ctx.customer(invoice.cid)!;
			return {
				cid: c.cid,
				company: c.company,
				abn: c.abn,
				name: c.name,
				surname: c.surname,
				email: c.email,
				address: [c.street, c.suburb].filter(Boolean).join(', '),
				iid: invoice.iid,
				total: money(invoice.total),
				duedate: invoice.due_date,
				dept_name: ctx.state.departments.get(ctx.deptid)?.name ?? '',
			};
		});
	},

	customerInvoicesServicesCallsSummary(ctx) {
		const credits = creditsInRange(ctx);
		const cids = [...new Set(ctx.invoices.map((i) => i.cid))].sort((a, b) => a - b);
		return cids.map((cid) => {
			const invoices = ctx.invoices.filter((i) => i.cid === cid);
			const lines = invoices.flatMap((i) => ctx.lines(i));
			return {
				cid,
				name: ctx.customer(cid)?.company ?? '',
				invoice_total: money(sum(invoices, (i) => i.total)),
				service_fees: money(
					sum(
						lines.filter((l) => l.kind === 'service'),
						(l) => l.amount,
					),
				),
				usage: money(
					sum(
						lines.filter((l) => l.kind === 'usage'),
						(l) => l.amount,
					),
				),
				credits: money(
					sum(
						credits.filter((c) => c.cid === cid),
						(c) => cents(c.amount * (1 + TAX_RATE)),
					),
				),
			};
		});
	},

	creditReport(ctx) {
		return creditsInRange(ctx).map((c) => ({
			date: c.date,
			cid: c.cid,
			company: ctx.customer(c.cid)?.company ?? '',
			amount: money(c.amount),
			description: c.description,
			iid: c.iid,
		}));
	},

	/**
	 * Service fee and call lines of the invoices dated within the range, by service type; gp is sell less
	 * cost, ex tax.
	 */
	gpServices(ctx) {
		const wanted = (ctx.options.esid as number[] | undefined)?.map(Number);
		const lines = linesInRange(ctx)
			.map((x) => x.line)
			.filter((l) => l.esid !== undefined && (!wanted?.length || wanted.includes(l.esid)));
		return ctx.state.serviceTypes
			.filter((t) =>
				lines.some((l) => l.esid === t.esid && (l.kind === 'service' || l.kind === 'usage')),
			)
			.map((t) => {
				const fees = lines.filter((l) => l.esid === t.esid && l.kind === 'service');
				const calls = lines.filter((l) => l.esid === t.esid && l.kind === 'usage');
				const sell = sum(fees, (l) => l.amount) + sum(calls, (l) => l.amount);
				const gp = sell - sum(fees, (l) => l.cost ?? 0) - sum(calls, (l) => l.cost ?? 0);
				return {
					servicetype: t.typeofservice,
					billed_count: fees.length,
					service_cost: money(sum(fees, (l) => l.cost ?? 0)),
					service_sell: money(sum(fees, (l) => l.amount)),
					billed_minutes: sum(calls, (l) => l.minutes ?? 0).toFixed(2),
					usage_cost: money(sum(calls, (l) => l.cost ?? 0)),
					usage_sell: money(sum(calls, (l) => l.amount)),
					gp: money(gp),
					gp_percent: sell === 0 ? '0.00' : money((gp / sell) * 100),
				};
			});
	},

	/** One row: how many of each configured fee were invoiced within the range, and their amount ex tax. */
	ancilliaryCharges(ctx) {
		const fees = linesInRange(ctx)
			.map((x) => x.line)
			.filter((l) => l.kind === 'fee');
		return [
			Object.fromEntries(
				FEE_TYPES.flatMap(({ type }) => {
					const ofType = fees.filter((l) => l.feeType === type);
					return [
						[`${type}_fee_count`, ofType.length],
						[`${type}_fee_amount`, money(sum(ofType, (l) => l.amount))],
					];
				}),
			),
		];
	},

	/** What engineering partners earn on the service fees invoiced within the range (invoice dates). */
	engineeringCommissionLiabilityReportDetailed(ctx) {
		return linesInRange(ctx).flatMap(({ line, iid, date }) => {
			const commission =
				line.kind === 'service'
					? ctx.state.commissions.find((c) => c.enid === line.enid)
					: undefined;
			const vendor = commission && ctx.state.vendors.find((v) => v.vid === commission.vid);
			if (!commission || !vendor) return [];
			const service = ctx.services.find((s) => s.id === line.enid);
			return [
				{
					vid: vendor.vid,
					company: vendor.company,
					vendorgroup: vendor.vendorgroup,
					enid: line.enid,
					service_number: service?.service_num ?? '',
					amount: money((line.amount * commission.percent) / 100),
					invoice_date: date,
					iid,
				},
			];
		});
	},

	/**
	 * One row a month (YYYY-MM) of the range (the last 12 months when none): invoiced (tax included) and
	 * paid.
	 */
	summaryRevenuePaymentsReceived(ctx) {
		const payments = paymentsInRange(ctx);
		const last = (ctx.to ?? melbourneNow()).slice(0, 7);
		const rows: Row[] = [];
		for (
			let month = ctx.from ? `${ctx.from.slice(0, 7)}-01` : addMonths(`${last}-01`, -11);
			month.slice(0, 7) <= last;
			month = addMonths(month, 1)
		) {
			const key = month.slice(0, 7);
			rows.push({
				month: key,
				revenue: money(
					sum(
						ctx.invoices.filter((i) => i.date.startsWith(key)),
						(i) => i.total,
					),
				),
				payments: money(
					sum(
						payments.filter((p) => p.date.startsWith(key)),
						(p) => p.amount,
					),
				),
			});
		}
		return rows;
	},
};
