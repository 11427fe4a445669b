import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';
import { nothingSentFor } from '../../nodes/shared/input/rules';
const { node, state, rl, run } = useCrm();

describe('External Sale', () => {
	test('a sale creates an invoice and raises the balance', async () => {
		const customer = state().customers[4];
		const before = customer.balance;
		const result = await run('sale', 'create', {
			use: 'sale',
			cid: rl(String(customer.cid)),
			date: '2026-11-20',
			products: { product: [{ pid: 4, price: 5, quantity: 3 }] },
		});
		expect(jsonOf(result)).toEqual([{ success: true, cid: customer.cid, iid: expect.any(Number) }]);
		expect(state().invoices.find((i) => i.iid === jsonOf(result)[0].iid)).toMatchObject({
			cid: customer.cid,
			total: 15,
			date: '2026-11-20',
			products: [{ pid: 4, price: 5, quantity: 3 }],
		});
		expect(customer.balance).toBeCloseTo(before + 15, 2);
	});
});

describe('External Sale: money as given', () => {
	test('a unit price with more decimals than cents is sent as given: 0.125 × 1000 is invoiced 125, not 130', async () => {
		const customer = state().customers[4];
		const before = customer.balance;
		const result = await run('sale', 'create', {
			use: 'sale',
			cid: rl(String(customer.cid)),
			date: '2026-11-20',
			products: { product: [{ pid: 4, price: 0.125, quantity: 1000 }] },
		});
		expect(result.error).toBeUndefined();
		const invoice = state().invoices.find((i) => i.iid === jsonOf(result)[0].iid)!;
		expect(invoice.total).toBe(125);
		expect(invoice.products).toEqual([{ pid: 4, price: 0.125, quantity: 1000 }]);
		expect(Math.round((customer.balance - before) * 100)).toBe(12500);
	});

	test('a price given as text with many decimals reaches the platform digit for digit', async () => {
		const customer = state().customers[4];
		const result = await run('sale', 'create', {
			use: 'sale',
			cid: rl(String(customer.cid)),
			products: { product: [{ pid: 4, price: '={{ "19.9949" }}', quantity: 3 }] },
		});
		expect(result.error).toBeUndefined();
		const sent = node.sim().requests.find((r) => r.url.includes('/externalsales/add'))!;
		expect(sent.body).toEqual([
			expect.objectContaining({
				amount: '59.9847',
				products: [{ pid: 4, price: '19.9949', quantity: 3 }],
			}),
		]);
	});

	test('a fractional quantity is refused naming the field (the spec types it an integer); nothing is sent', async () => {
		const customer = state().customers[4];
		const invoices = state().invoices.length;
		const result = await run('sale', 'create', {
			use: 'sale',
			cid: rl(String(customer.cid)),
			products: { product: [{ pid: 4, price: 5, quantity: 1.5 }] },
		});
		expect(result.error?.message).toBe(
			'Products (products) row 1: Quantity (quantity) must be a whole number above 0',
		);
		expect(result.error?.description).toBe(nothingSentFor(0));
		expect(state().invoices.length).toBe(invoices);
		expect(node.sim().requests.some((r) => r.url.includes('/externalsales/add'))).toBe(false);
	});

	test('a price that is not a decimal amount is refused naming the field', async () => {
		const customer = state().customers[4];
		const result = await run('sale', 'create', {
			use: 'sale',
			cid: rl(String(customer.cid)),
			products: { product: [{ pid: 4, price: '={{ "12,50" }}', quantity: 1 }] },
		});
		expect(result.error?.message).toBe(
			'Products (products) row 1: Unit Price (price) must be an amount in dollars such as 12.50',
		);
		expect(node.sim().requests.some((r) => r.url.includes('/externalsales/add'))).toBe(false);
	});
});
