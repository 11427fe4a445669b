import { TAX_RATE, cents } from '../billing';
import type { Invoice } from '../billing';
import { addDays, addMonths } from '../dates';
import type { Customer, State } from '../state';

/** Payments against one invoice: days after its date, and the share of what is owed. */
type Plan = Array<{ days: number; share: number }>;

/**
 * How a customer pays, from what the seed says about them: customers under credit management, suspended or
 * disconnected stopped paying some months ago; every 7th (from the 6th) pays half at once and half late;
 * every 4th pays late; the rest pay a week after the invoice, before it is due.
 */
export function paymentPlan(
	customer: Customer,
	index: number,
	invoiceDate: string,
	today: string,
): Plan {
	const stoppedMonthsAgo =
		customer.credit_management === 1
			? 5
			: customer.account_state === 'Suspended'
				? 4
				: customer.account_state === 'Disconnected'
					? 7
					: 0;
	if (stoppedMonthsAgo && invoiceDate >= addMonths(`${today.slice(0, 8)}01`, -stoppedMonthsAgo))
		return [];
	if (index % 7 === 5)
		return [
			{ days: 10, share: 0.5 },
			{ days: 80, share: 0.5 },
		];
	if (index % 4 === 3) return [{ days: 45, share: 1 }];
	return [{ days: 7, share: 1 }];
}

/**
 * How the customer pays: the card or bank account on file through the gateway, else an EFT logged
 * externally.
 */
function method(customer: Customer): { kind: 'gateway' | 'external'; method: string } {
	if (customer.paymethod === 'credit card' && customer.card_token)
		return { kind: 'gateway', method: 'card_on_file' };
	if (customer.bank_number) return { kind: 'gateway', method: 'bank_on_file' };
	return { kind: 'external', method: 'eft' };
}

/**
 * Records the payments the customer's plan makes against the invoice on the days after `after` up to `today`
 * (all of them up to today when `after` is not given; credits come off first). The plan's last payment settles
 * what is left, whatever was paid before.
 */
export function payInvoice(
	state: State,
	customer: Customer,
	index: number,
	invoice: Invoice,
	today: string,
	after = '',
): void {
	const credited = state.credits
		.filter((c) => c.iid === invoice.iid)
		.reduce((sum, c) => sum + cents(c.amount * (1 + TAX_RATE)), 0);
	const owed = cents(invoice.total - credited);
	const plan = paymentPlan(customer, index, invoice.date, today);
	const how = method(customer);
	plan.forEach((step, k) => {
		const date = addDays(invoice.date, step.days);
		if (date > today || date <= after || owed <= 0) return;
		const amount = k === plan.length - 1 ? cents(owed - invoice.paid) : cents(owed * step.share);
		if (amount <= 0) return;
		const id = state.nextId('payment', 70001);
		state.payments.push({
			id,
			cid: customer.cid,
			amount,
			...how,
			...(how.kind === 'external' ? { transaction_id: `EFT-${invoice.iid}-${k + 1}` } : {}),
			date,
			iid: invoice.iid,
		});
		invoice.paid = cents(invoice.paid + amount);
	});
}
