/**
 * Invoices, credits, bill runs and the records around them. The spec shows none of these endpoints; the
 * reports are what reveal them, so the shapes here are the simulator's own.
 */
import { addDays } from './dates';
import type { Product } from './catalog';

export const TAX_RATE = 0.1;
/** Days from an invoice's date to its due date. */
export const PAYMENT_TERMS_DAYS = 14;

export interface InvoiceLine {
	kind: 'service' | 'usage' | 'setup' | 'fee' | 'product';
	description: string;
	/** Ex tax, in dollars to the cent. */
	amount: number;
	tax: number;
	enid?: number;
	esid?: number;
	pid?: number;
	/** What the line cost the carrier, ex tax (service and usage lines). */
	cost?: number;
	/** Usage lines: billed calls and their minutes (billsec / 60). */
	calls?: number;
	minutes?: number;
	/** Fee lines: the configured fee type. */
	feeType?: string;
}

export interface Invoice {
	iid: number;
	deptid: number;
	cid: number;
	date: string;
	due_date: string;
	bill_run_id: number | null;
	/** External sales: what was sold, prices as charged (tax included). */
	products: Array<{ pid: number; price: number; quantity: number }>;
	/** Bill-run invoices: the itemised lines. External sales have none (see `invoiceLines`). */
	lines?: InvoiceLine[];
	/** Tax included. */
	total: number;
	paid: number;
}

export interface BillRun {
	id: number;
	deptid: number;
	date: string;
	/** The usage month it invoices (service fees are billed in advance for the run's own month). */
	usage_from: string;
	usage_to: string;
	status: 'approved';
	invoice_count: number;
	total: number;
}

/**
 * A credit note against one invoice (the spec's "simple credit method"): lowers the balance like a
 * payment.
 */
export interface Credit {
	id: number;
	deptid: number;
	cid: number;
	iid: number;
	date: string;
	/** Ex tax. */
	amount: number;
	description: string;
}

export interface Vendor {
	vid: number;
	company: string;
	vendorgroup: string;
}

/** An engineering partner's commission: a share of every service fee billed on the service it installed. */
export interface Commission {
	enid: number;
	vid: number;
	percent: number;
}

export interface Cancellation {
	enid: number;
	requested: string;
	reason: string;
}

export const FEE_TYPES = [
	{ type: 'late', description: 'Late payment fee', amount: 10 },
	{ type: 'payment', description: 'Card payment fee', percent: 1.5 },
	{ type: 'paper_bill', description: 'Paper bill fee', amount: 2.5 },
];

export const VENDORS: Vendor[] = [
	{ vid: 1, company: 'Acme Networks', vendorgroup: 'Hardware' },
	{ vid: 2, company: 'Southern Cabling', vendorgroup: 'Engineering' },
	{ vid: 3, company: 'Metro Install Co', vendorgroup: 'Engineering' },
];

export function cents(value: number): number {
	return Math.round(value * 100) / 100;
}

export function line(values: Omit<InvoiceLine, 'tax'>): InvoiceLine {
	return { ...values, amount: cents(values.amount), tax: cents(values.amount * TAX_RATE) };
}

export function dueDate(date: string): string {
	return addDays(date.slice(0, 10), PAYMENT_TERMS_DAYS);
}

/**
 * The lines of any invoice. An external sale carries tax-inclusive product prices and no lines of its own,
 * so each product becomes a line with the tax taken back out; one given only as an amount is a single line.
 */
export function invoiceLines(invoice: Invoice, products: Product[]): InvoiceLine[] {
	if (invoice.lines) return invoice.lines;
	const sold = invoice.products.length
		? invoice.products
		: [{ pid: 0, price: invoice.total, quantity: 1 }];
	return sold.map((p) => {
		const gross = cents(p.price * p.quantity);
		const amount = cents(gross / (1 + TAX_RATE));
		const title = products.find((x) => x.pid === p.pid)?.title ?? 'External sale';
		return {
			kind: 'product',
			description: `${title} × ${p.quantity}`,
			amount,
			tax: cents(gross - amount),
			pid: p.pid || undefined,
		};
	});
}

/**
 * The setup charge a new service attracts on its first invoice: a SIM card for a mobile, else
 * installation; none for an add-on.
 */
export function setupCharge(
	service: { servicetype: number; parent_id: number | null },
	products: Product[],
): Product | undefined {
	if (service.parent_id !== null) return undefined;
	return products.find(
		(p) => p.partnumber === (service.servicetype === 2 ? 'SIM-4G' : 'SVC-INSTALL'),
	);
}
