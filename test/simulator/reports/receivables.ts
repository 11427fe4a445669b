import { BANDS, agedOn, emptyBands, replay } from '../ledger';
import { melbourneNow } from '../melbourne';
import { money } from './context';
import type { Context, Row } from './context';

/** Customers owing at the end of `date`, each open invoice in the band of how far past due it then is. */
export function agedReceivables(ctx: Context, date: string): Row[] {
	return ctx.customers.flatMap((c) => {
		const { balance, bands } = agedOn(ctx.state, c.cid, date);
		if (balance <= 0) return [];
		return [
			{
				cid: c.cid,
				display_name: c.company,
				balance: money(balance),
				...Object.fromEntries(BANDS.map((b) => [b, money(bands[b])])),
			},
		];
	});
}

/**
 * Payments made within the range, split by how overdue the invoices they settled were when paid
 * (prepayment is current).
 */
export function paymentsReceivedAgedReceivables(ctx: Context): Row[] {
	const bands = emptyBands();
	const until = (ctx.to ?? melbourneNow()).slice(0, 10);
	for (const c of ctx.customers) {
		for (const receipt of replay(ctx.state, c.cid, until).receipts) {
			if (!ctx.inRange(receipt.date)) continue;
			for (const band of BANDS) bands[band] += receipt.bands[band];
		}
	}
	const total = BANDS.reduce((sum, band) => sum + bands[band], 0);
	return [
		{
			total: money(total / 100),
			...Object.fromEntries(BANDS.map((b) => [b, money(bands[b] / 100)])),
		},
	];
}
