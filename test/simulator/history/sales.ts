import { TAX_RATE, cents, dueDate } from '../billing';
import type { Customer, State } from '../state';
import { payInvoice } from './payments';

const BASKETS: Array<{ partnumber: string; quantity: number }> = [
	{ partnumber: 'RTR-AX3000', quantity: 1 },
	{ partnumber: 'PH-T54W', quantity: 2 },
	{ partnumber: 'SIM-4G', quantity: 3 },
	{ partnumber: 'SVC-INSTALL', quantity: 1 },
];

/**
 * A counter sale to a customer with no service (hardware, SIMs, an installation), invoiced like an
 * external sale.
 */
export function sell(
	state: State,
	customer: Customer,
	index: number,
	date: string,
	today: string,
): void {
	const basket = BASKETS[index % BASKETS.length];
	const product = state.products.find((p) => p.partnumber === basket.partnumber)!;
	const price = cents(product.ex_tax_amount * (1 + TAX_RATE));
	const invoice = {
		iid: state.nextId('invoice', 80001),
		deptid: customer.deptid,
		cid: customer.cid,
		date,
		due_date: dueDate(date),
		bill_run_id: null,
		products: [{ pid: product.pid, price, quantity: basket.quantity }],
		total: cents(price * basket.quantity),
		paid: 0,
	};
	state.invoices.push(invoice);
	payInvoice(state, customer, index, invoice, today);
}
