import { invoiceLines } from '../billing';
import type { Invoice, InvoiceLine } from '../billing';
import type { Customer, Service, State } from '../state';

export type Row = Record<string, unknown>;
export type Options = Record<string, unknown>;

/** What every report works from: the key's department only, and the range it asked for. */
export interface Context {
	state: State;
	deptid: number;
	options: Options;
	from?: string;
	to?: string;
	/** A date (YYYY-MM-DD) or date and time within the range. */
	inRange(date: string): boolean;
	customers: Customer[];
	services: Service[];
	customer(cid: number): Customer | undefined;
	typeName(esid: number): string;
	/** The department's invoices dated within the range, oldest first. */
	invoices: Invoice[];
	lines(invoice: Invoice): InvoiceLine[];
	/**
	 * A service's monthly fee, or its type's list price when the fee is 0 and list_price_for_no_price is
	 * set.
	 */
	fee(service: Service): number;
	/** Whether the customer's billing group passes billinggroups / exclude_billinggroups. */
	inGroups(cid: number): boolean;
}

export function money(value: number): string {
	return (Math.round(value * 100) / 100).toFixed(2);
}

export function sum<T>(items: T[], value: (item: T) => number): number {
	return Math.round(items.reduce((total, item) => total + value(item), 0) * 10000) / 10000;
}

export function buildContext(
	state: State,
	deptid: number,
	options: Options,
	from?: string,
	to?: string,
): Context {
	const inRange = (date: string) => {
		const at = date.length === 10 ? `${date} 00:00:00` : date;
		return (!from || at >= from) && (!to || at <= to);
	};
	const customers = state.customers.filter((c) => c.deptid === deptid);
	const byCid = new Map(customers.map((c) => [c.cid, c]));
	return {
		state,
		deptid,
		options,
		from,
		to,
		inRange,
		customers,
		services: state.services.filter((s) => s.deptid === deptid),
		customer: (cid) => byCid.get(cid),
		typeName: (esid) => state.serviceTypes.find((t) => t.esid === esid)?.typeofservice ?? '',
		invoices: state.invoices
			.filter((i) => i.deptid === deptid && inRange(i.date))
			.sort((a, b) => a.date.localeCompare(b.date) || a.iid - b.iid),
		lines: (invoice) => invoiceLines(invoice, state.products),
		fee: (s) =>
			s.monthlyfee === 0 && options.list_price_for_no_price
				? (state.serviceTypes.find((t) => t.esid === s.servicetype)?.list_price ?? 0)
				: s.monthlyfee,
		inGroups: (cid) => {
			const group = byCid.get(cid)?.billinggroup ?? '';
			const only = options.billinggroups as string[] | undefined;
			const excluded = options.exclude_billinggroups as string[] | undefined;
			return (!only?.length || only.includes(group)) && !(excluded ?? []).includes(group);
		},
	};
}
