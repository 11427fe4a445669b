import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingCrm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { useNode } from '../harness/nodeRunner';
import type { RunResult } from '../harness/engine';
import type { Fault } from '../simulator/faults';
import { propertySettings } from './settings';

// Money moved equals money asked, to the cent, once or not at all: whatever amounts a workflow feeds (text
// with many decimals, numbers, spaces, negatives, zero, large, not amounts at all), however many items at
// once, under whatever faults. Checked on the simulator's ledger (invoices, payments) and the output.

const crm = useNode(new TelcoBillingCrm());
const customerNode = useNode(new TelcoBillingCustomer());
const serviceNode = useNode(new TelcoBillingService());

const digits = (max: number) =>
	fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: max }).map((d) => d.join(''));

/** A decimal as text: whole dollars up to 99,999 and up to 8 decimals. */
const decimal = fc
	.tuple(fc.integer({ min: 0, max: 99999 }), digits(8))
	.map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : String(whole)));

/** Significant digits of a decimal text, leading zeros aside. */
const significant = (text: string) =>
	text.replace(/^-/, '').replace('.', '').replace(/^0+/, '').length;

/** How a workflow may give an amount: text, padded text, a number, negative, or not an amount at all. */
const amount: fc.Arbitrary<string | number> = fc.oneof(
	decimal,
	decimal.map((text) => `  ${text} `),
	decimal.filter((text) => significant(text) <= 15).map(Number),
	decimal.map((text) => `-${text}`),
	fc.constantFrom('0', 0, '12,50', '$5', '1e3', 'abc', '', '99999999999.123456789'),
);

const quantity: fc.Arbitrary<string | number> = fc.oneof(
	fc.integer({ min: 1, max: 1000 }),
	fc.integer({ min: 1, max: 1000 }).map(String),
	fc.integer({ min: 1, max: 50 }).map((n) => ` ${n} `),
	fc.constantFrom(1.5, 0, -2, '3.5', 'two'),
);

/** Faults the platform may serve to the run's requests, in order: before the write, after it, malformed. */
const faults: fc.Arbitrary<Fault[]> = fc.array(
	fc.constantFrom<Fault>(
		'pass',
		'http429',
		'http503',
		'reset',
		'failAfterWrite',
		'truncated200',
		'html200',
	),
	{ maxLength: 3 },
);

/** The decimal text an amount stands for, or undefined when it is not one (the node must refuse it). */
function asked(value: string | number): string | undefined {
	const text = String(value).trim();
	return /^-?\d+(\.\d+)?$/.test(text) ? text : undefined;
}

function whole(value: string | number): number | undefined {
	const text = String(value).trim();
	return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}

/** Σ price × quantity, exactly, as decimal text: the oracle, apart from the node's own arithmetic. */
function exactSum(lines: Array<{ price: string; quantity: number }>): string {
	const places = Math.max(0, ...lines.map((l) => (l.price.split('.')[1] ?? '').length));
	const scaled = lines.reduce((sum, l) => {
		const [w, f = ''] = l.price.replace('-', '').split('.');
		const units =
			BigInt(w + f.padEnd(places, '0')) * (l.price.startsWith('-') ? BigInt(-1) : BigInt(1));
		return sum + units * BigInt(l.quantity);
	}, BigInt(0));
	const negative = scaled < BigInt(0);
	const text = (negative ? -scaled : scaled).toString().padStart(places + 1, '0');
	const point = places ? `${text.slice(0, -places)}.${text.slice(-places)}` : text;
	return `${negative ? '-' : ''}${point}`;
}

/** Late faults (the route ran and stored) served to requests whose URL contains `part`. */
function lateFaults(sim: ReturnType<typeof crm.sim>, part: string): number {
	return sim.faultLog.filter(
		(f) => (f.fault === 'failAfterWrite' || f.fault === 'truncated200') && f.url.includes(part),
	).length;
}

function outputOf(result: RunResult) {
	const byItem = new Map<number, IDataObject[]>();
	for (const item of result.items) {
		const paired = item.pairedItem as { item: number } | undefined;
		const index = paired?.item ?? -1;
		byItem.set(index, [...(byItem.get(index) ?? []), item.json]);
	}
	return byItem;
}

describe('money moved equals money asked, once or not at all', () => {
	test('CRM → Sale: each invoice is the exact sum of the prices asked times whole quantities, or nothing', async () => {
		const customers = crm
			.sim()
			.state.customers.filter((c) => c.deptid === 1)
			.slice(0, 6);
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.record({ price: amount, quantity }), { minLength: 1, maxLength: 6 }),
				faults,
				async (sales, schedule) => {
					const sim = crm.sim();
					sim.faults.length = 0;
					sim.faultLog.length = 0;
					sim.modes.retryAfter = 0;
					sim.faults.push(...schedule);
					const invoicesBefore = sim.state.invoices.length;
					const requestsBefore = sim.requests.length;
					const input = sales.map((sale, i) => ({ ...sale, cid: String(customers[i].cid) }));
					const result = await crm.run(
						{
							resource: 'sale',
							operation: 'create',
							use: 'sale',
							cid: { __rl: true, mode: 'id', value: '={{ $json.cid }}' },
							date: '2026-11-20',
							products: {
								product: [
									{ pid: 4, price: '={{ $json.price }}', quantity: '={{ $json.quantity }}' },
								],
							},
						},
						{ input, continueOnFail: true },
					);
					const created = sim.state.invoices.slice(invoicesBefore);
					const outputs = outputOf(result);
					let storedDespiteError = 0;
					sales.forEach((sale, i) => {
						const cid = customers[i].cid;
						const price = asked(sale.price);
						const count = whole(sale.quantity);
						const mine = created.filter((inv) => inv.cid === cid);
						const [out] = outputs.get(i) ?? [];
						expect(out).toBeDefined();
						if (price === undefined || count === undefined) {
							// Refused before anything was sent for this item.
							expect(out.error).toMatch(/^Products \(products\) row 1: /);
							expect(mine).toEqual([]);
							const sent = sim.requests
								.slice(requestsBefore)
								.some((r) => JSON.stringify(r.body ?? '').includes(`"cid":${cid},`));
							expect(sent).toBe(false);
							return;
						}
						const total = Number(exactSum([{ price, quantity: count }]));
						if (out.error === undefined) {
							expect(mine).toHaveLength(1);
							expect(out.iid).toBe(mine[0].iid);
							expect(mine[0].total).toBe(total);
							expect(mine[0].products).toEqual([{ pid: 4, price: Number(price), quantity: count }]);
						} else {
							expect(mine.length).toBeLessThanOrEqual(1);
							if (mine.length) {
								storedDespiteError++;
								expect(mine[0].total).toBe(total);
							}
						}
					});
					// Stored while the node reported a failure: only where the platform's answer was lost after it stored.
					expect(storedDespiteError).toBeLessThanOrEqual(lateFaults(sim, '/externalsales/add'));
				},
			),
			propertySettings(15),
		);
	}, 120_000);

	test('Customer → Take Payment: each payment is the amount asked, or nothing', async () => {
		const state = customerNode.sim().state;
		const customers = state.customers.filter((c) => c.deptid === 1).slice(0, 6);
		for (const c of customers) c.card_token = `card_tok_${c.cid}`;
		await fc.assert(
			fc.asyncProperty(
				fc.array(amount, { minLength: 1, maxLength: 6 }),
				faults,
				async (amounts, schedule) => {
					const sim = customerNode.sim();
					sim.faults.length = 0;
					sim.faultLog.length = 0;
					sim.modes.retryAfter = 0;
					sim.faults.push(...schedule);
					const paymentsBefore = sim.state.payments.length;
					const requestsBefore = sim.requests.length;
					const input = amounts.map((a, i) => ({ amount: a, cid: String(customers[i].cid) }));
					const result = await customerNode.run(
						{
							resource: 'customer',
							operation: 'takePayment',
							cid: '={{ $json.cid }}',
							amount: '={{ $json.amount }}',
							pay_with: 'card_on_file',
						},
						{ input, continueOnFail: true },
					);
					const made = sim.state.payments.slice(paymentsBefore);
					const outputs = outputOf(result);
					amounts.forEach((a, i) => {
						const cid = customers[i].cid;
						const text = asked(a);
						const mine = made.filter((p) => p.cid === cid);
						const [out] = outputs.get(i) ?? [];
						const sent = sim.requests
							.slice(requestsBefore)
							.some((r) => r.url.endsWith(`/customer/payment/${cid}`));
						if (text === undefined || significant(text) > 15 || Number(text) < 1) {
							expect(out.error).toMatch(/^Amount \(amount\) /);
							expect(sent).toBe(false);
							expect(mine).toEqual([]);
							return;
						}
						if (out.error === undefined) {
							expect(out).toEqual({ success: true, description: expect.any(String) });
							expect(mine).toHaveLength(1);
							expect(mine[0].amount).toBe(Number(text));
						} else {
							expect(mine.length).toBeLessThanOrEqual(1);
							if (mine.length) {
								expect(mine[0].amount).toBe(Number(text));
								expect(lateFaults(sim, `/customer/payment/${cid}`)).toBe(1);
							}
						}
					});
				},
			),
			propertySettings(20),
		);
	}, 120_000);

	test('Service → Add Misc Charge: each charge is the price asked, or nothing', async () => {
		const services = serviceNode
			.sim()
			.state.services.filter((s) => s.deptid === 1)
			.slice(0, 6);
		await fc.assert(
			fc.asyncProperty(
				fc.array(amount, { minLength: 1, maxLength: 6 }),
				faults,
				async (amounts, schedule) => {
					const sim = serviceNode.sim();
					sim.faults.length = 0;
					sim.faultLog.length = 0;
					sim.modes.retryAfter = 0;
					sim.faults.push(...schedule);
					const chargesBefore = sim.state.serviceCharges.length;
					const requestsBefore = sim.requests.length;
					const input = amounts.map((a, i) => ({ amount: a, enid: String(services[i].id) }));
					const result = await serviceNode.run(
						{
							resource: 'service',
							operation: 'addMiscCharge',
							enid: { __rl: true, mode: 'id', value: '={{ $json.enid }}' },
							pid: 1,
							charge_date: '2026-12-01',
							additionalFields: { inc_tax_amount: '={{ $json.amount }}' },
						},
						{ input, continueOnFail: true },
					);
					const made = sim.state.serviceCharges.slice(chargesBefore);
					const outputs = outputOf(result);
					let storedDespiteError = 0;
					amounts.forEach((a, i) => {
						const enid = services[i].id;
						const text = asked(a);
						const mine = made.filter((c) => c.enid === enid);
						const [out] = outputs.get(i) ?? [];
						if (text === undefined || significant(text) > 15) {
							expect(out.error).toMatch(/^Price Inc Tax \(inc_tax_amount\) /);
							const sent = sim.requests
								.slice(requestsBefore)
								.some((r) => JSON.stringify(r.body ?? '').includes(`"enid":${enid},`));
							expect(sent).toBe(false);
							expect(mine).toEqual([]);
							return;
						}
						if (out.error === undefined) {
							expect(mine).toHaveLength(1);
							expect(out.id).toBe(mine[0].id);
							expect(mine[0].inc_tax_amount).toBe(Number(text));
						} else {
							expect(mine.length).toBeLessThanOrEqual(1);
							if (mine.length) {
								storedDespiteError++;
								expect(mine[0].inc_tax_amount).toBe(Number(text));
							}
						}
					});
					expect(storedDespiteError).toBeLessThanOrEqual(lateFaults(sim, '/services/item/add'));
				},
			),
			propertySettings(15),
		);
	}, 120_000);
});
