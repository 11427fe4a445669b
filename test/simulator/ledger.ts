import { TAX_RATE } from './billing';
import type { Invoice } from './billing';
import { parseDate } from './dates';
import type { State } from './state';

export const BANDS = [
	'current',
	'overdue0',
	'overdue30',
	'overdue60',
	'overdue90',
	'overdue120',
] as const;
export type Band = (typeof BANDS)[number];
export type Bands = Record<Band, number>;

/** The spec's bands: not yet due, then 1-29, 30-59, 60-89, 90-119 and 120 or more days past the due date. */
export function bandOf(dueDate: string, on: string): Band {
	const late = Math.round(
		(parseDate(on.slice(0, 10))!.getTime() - parseDate(dueDate)!.getTime()) / 86400000,
	);
	if (late <= 0) return 'current';
	return BANDS[Math.min(5, 1 + Math.floor(late / 30))];
}

export function emptyBands(): Bands {
	return { current: 0, overdue0: 0, overdue30: 0, overdue60: 0, overdue90: 0, overdue120: 0 };
}

interface Replay {
	open: Array<{ invoice: Invoice; cents: number }>;
	/** Paid or credited beyond every open invoice, in cents: it settles the next invoices. */
	unapplied: number;
	/** Every payment, split by the band of the invoices it settled when it was made (cents). */
	receipts: Array<{ date: string; bands: Bands }>;
}

/**
 * One customer's account replayed in date order up to `until` (inclusive): invoices, then credit notes (against
 * their invoice), then payments (against their invoice when they name one, then the oldest open invoices).
 * Amounts are in cents so nothing drifts.
 */
export function replay(state: State, cid: number, until = '9999-12-31'): Replay {
	const toCents = (dollars: number) => Math.round(dollars * 100);
	const events = [
		...state.invoices
			.filter((i) => i.cid === cid)
			.map((i) => ({ date: i.date, order: 0, id: i.iid, invoice: i })),
		...state.credits
			.filter((c) => c.cid === cid)
			.map((c) => ({
				date: c.date,
				order: 1,
				id: c.id,
				iid: c.iid,
				amount: toCents(c.amount * (1 + TAX_RATE)),
			})),
		...state.payments
			.filter((p) => p.cid === cid)
			.map((p) => ({
				date: p.date.slice(0, 10),
				order: 2,
				id: p.id,
				iid: p.iid,
				amount: toCents(p.amount),
			})),
	]
		.filter((e) => e.date <= until)
		.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.id - b.id);
	const result: Replay = { open: [], unapplied: 0, receipts: [] };
	for (const event of events) {
		if ('invoice' in event) {
			const settled = Math.min(result.unapplied, toCents(event.invoice.total));
			result.unapplied -= settled;
			result.open.push({ invoice: event.invoice, cents: toCents(event.invoice.total) - settled });
			continue;
		}
		const bands = emptyBands();
		let left = event.amount;
		const targets = [
			...result.open.filter((o) => o.invoice.iid === event.iid),
			...result.open.filter((o) => o.invoice.iid !== event.iid),
		];
		for (const item of targets) {
			const settled = Math.min(left, item.cents);
			item.cents -= settled;
			left -= settled;
			bands[bandOf(item.invoice.due_date, event.date)] += settled;
		}
		result.unapplied += left;
		bands.current += left;
		result.open = result.open.filter((o) => o.cents > 0);
		if (event.order === 2) result.receipts.push({ date: event.date, bands });
	}
	return result;
}

/** What the customer owes at the end of `until` (all history when omitted), in dollars. */
export function balanceOf(state: State, cid: number, until?: string): number {
	const { open, unapplied } = replay(state, cid, until);
	return (open.reduce((sum, o) => sum + o.cents, 0) - unapplied) / 100;
}

/** What is owed at the end of `date`, by how overdue each open invoice then is, in dollars. */
export function agedOn(state: State, cid: number, date: string): { balance: number; bands: Bands } {
	const { open, unapplied } = replay(state, cid, date);
	const bands = emptyBands();
	for (const item of open) bands[bandOf(item.invoice.due_date, date)] += item.cents;
	for (const band of BANDS) bands[band] /= 100;
	return { balance: (open.reduce((sum, o) => sum + o.cents, 0) - unapplied) / 100, bands };
}
