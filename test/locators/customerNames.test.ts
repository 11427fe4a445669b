import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { useCustomer } from '../kits/customer';
import { jsonOf, useNode } from '../harness/nodeRunner';

// What a person or an AI model most often has is a company or a person's name, not an ID: a customer field
// takes one when exactly one customer has it, and otherwise stops the item saying what to give.
const { node, customer } = useCustomer();
const services = useNode(new TelcoBillingService());
const sim = () => node.sim();
const rl = (value: string) => ({ __rl: true, mode: 'list', value });
const seeded = (cid: number) => sim().state.customers.find((c) => c.cid === cid)!;
const writes = () =>
	sim()
		.requests.filter((r) => r.method === 'POST' || /\/set/.test(r.url))
		.map((r) => r.url);

test('a company name in a path field (Get Balance) reaches the one customer with that company', async () => {
	const target = seeded(1004);
	const result = await node.run(customer('getBalance', { cid: rl(target.company as string) }));
	expect(result.error).toBeUndefined();
	expect(jsonOf(result)).toEqual([expect.objectContaining({ cid: 1004 })]);
});

test('an exact company, trading name or person’s full name resolves; one differing only in case or spacing is refused, naming the customer it may be', async () => {
	const target = seeded(1006);
	for (const ref of [
		`  ${String(target.company)} `,
		String(target.trading_name),
		`${String(target.name)} ${String(target.surname)}`,
	]) {
		const result = await node.run(customer('getBalance', { cid: rl(ref) }), {
			continueOnFail: true,
		});
		expect([ref, jsonOf(result)]).toEqual([ref, [expect.objectContaining({ cid: 1006 })]]);
	}
	// The platform's search may or may not compare case: a near miss is a suggestion, never a match.
	const loud = String(target.company).toUpperCase();
	const result = await node.run(customer('getBalance', { cid: rl(loud) }), {
		continueOnFail: true,
	});
	expect(jsonOf(result)).toEqual([
		{
			error: expect.stringContaining(
				`No customer is "${loud}" (ID, account_id, crm_id, company or name, exactly). Customers whose ` +
					`name differs from it only in case or spacing: ${String(target.company)} (1006).`,
			),
		},
	]);
});

test('a company name in a body field (Charge Item Add) is written to that customer', async () => {
	const target = seeded(1005);
	const result = await node.run(
		customer('addChargeItem', {
			cid: rl(String(target.company)),
			chargeFields: { description: 'Late fee', amount: 5 },
		}),
	);
	expect(result.error).toBeUndefined();
	expect(sim().state.chargeItems).toEqual([expect.objectContaining({ cid: 1005 })]);
});

test('a name two customers share stops the item, naming both and what to give; nothing is written', async () => {
	const sim2 = services.sim();
	sim2.state.customers.find((c) => c.cid === 1003)!.company = 'Harbour Plumbing';
	sim2.state.customers.find((c) => c.cid === 1008)!.company = 'Harbour Plumbing';
	const result = await services.run(
		{
			resource: 'bundle',
			operation: 'create',
			cid: rl('Harbour Plumbing'),
			name: 'Team Pack',
		},
		{ continueOnFail: true },
	);
	const [error] = jsonOf(result) as IDataObject[];
	expect(String(error.error)).toContain('"Harbour Plumbing" is 2 customers');
	expect(String(error.error)).toMatch(/Harbour Plumbing \(1003\).*Harbour Plumbing \(1008\)/);
	expect(String(error.error)).toContain('customer ID (digits');
	expect(sim2.requests.filter((r) => r.method === 'POST')).toEqual([]);
});

test('a name no customer has stops the item, offering the companies that contain it', async () => {
	const target = seeded(1007);
	const partial = String(target.company).split(' ')[0];
	const result = await node.run(
		customer('update', {
			cid: rl(`${partial} Nonexistent`),
			updateFields: { suburb: 'Carlton' },
		}),
		{ continueOnFail: true },
	);
	const [error] = jsonOf(result) as IDataObject[];
	expect(String(error.error)).toContain(`No customer is "${partial} Nonexistent"`);
	expect(String(error.error)).toContain('Give the customer ID (digits');
	expect(writes()).toEqual([]);
	expect(seeded(1007).suburb).not.toBe('Carlton');
});

test('a company name is refused under the same rule without Continue On Fail: the error names the item', async () => {
	const result = await node.run(customer('getBalance', { cid: rl('Nobody Anywhere Ltd') }));
	expect(result.error?.message).toContain('No customer is "Nobody Anywhere Ltd"');
	expect((result.error as unknown as IDataObject | undefined)?.context).toMatchObject({
		itemIndex: 0,
	});
});

test('items waiting for the customer list another item is reading hold no place: a retried read ends', async () => {
	const a = seeded(1004);
	const b = seeded(1005);
	// The first item's list read is throttled: it waits, gives its place up, and must get one back.
	sim().faults.push('pass', 'http429');
	sim().modes.retryAfter = 1;
	const result = await node.run(customer('getBalance', { cid: rl('={{ $json.name }}') }), {
		input: [{ name: String(a.company) }, { name: String(b.company) }],
		credential: { maxConcurrency: 1 },
	});
	expect(jsonOf(result)).toEqual([
		expect.objectContaining({ cid: 1004 }),
		expect.objectContaining({ cid: 1005 }),
	]);
	expect(sim().requests.filter((r) => r.url.endsWith('/customer/getAll'))).toHaveLength(2);
});
