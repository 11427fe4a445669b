import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// A billing team previews a sync against production: each row matched, compared and proven as in a real run,
// saying what it would create or write and why; nothing written. A customer not yet created has no ID to show.

const sim = () => node.sim();
const writes = () =>
	sim().handled.filter((r) => r.method === 'POST' && /customer\/(add|update)/.test(r.url));

test('a Dry Run of a sync says, row by row, what a real run would do, and writes nothing', async () => {
	const existing = sim().state.customers.find((c) => c.cid === 1001)!;
	const rows = [
		{ email: existing.email, mobile: existing.mobile },
		{ email: existing.email.toUpperCase(), mobile: '0400777000' },
		{ email: 'preview.new@example.com', mobile: '0400888000' },
	];
	const before = JSON.stringify(sim().state.customers);
	const result = await node.run(
		customer('upsert', {
			email: '={{ $json.email }}',
			customerFields: { mobile: '={{ $json.mobile }}' },
			dryRun: true,
		}),
		{ input: rows },
	);
	expect(writes()).toEqual([]);
	expect(JSON.stringify(sim().state.customers)).toBe(before);
	const items = jsonOf(result);
	expect(items.map((item) => [item.action, item.dryRun])).toEqual([
		['unchanged', true],
		['unchanged', true],
		['wouldCreate', true],
	]);
	expect(items[0].cid).toBe(1001);
	expect(items[2].cid).toBeUndefined();
	// The second row gives the first row's customer another mobile: kept, as a real run keeps the first row's.
	expect(items[1]).toMatchObject({ sameCustomerAsItem: 0, notWritten: ['mobile'] });
});

test('a Dry Run of a changed row says which fields it would write', async () => {
	const existing = sim().state.customers.find((c) => c.cid === 1001)!;
	const [item] = jsonOf(
		await node.run(
			customer('upsert', {
				email: existing.email,
				customerFields: { mobile: '0400555000' },
				dryRun: true,
			}),
		),
	);
	expect(item).toMatchObject({
		action: 'wouldUpdate',
		cid: 1001,
		wouldWrite: ['mobile'],
		dryRun: true,
	});
	expect(writes()).toEqual([]);
	expect(sim().state.customers.find((c) => c.cid === 1001)!.mobile).toBe(existing.mobile);
});

test('a Dry Run of Customer Update shows the request it would send, secrets masked', async () => {
	const [item] = jsonOf(
		await node.run(
			customer('update', {
				cid: '1001',
				updateFields: { mobile: '0400555000', web_password: 'Secret-2026' },
				dryRun: true,
			}),
		),
	);
	expect(item).toEqual({
		dryRun: true,
		action: 'wouldSend',
		method: 'POST',
		path: '/customer/update/1001',
		body: { mobile: '0400555000', web_password: '***' },
	});
	expect(sim().handled.filter((r) => r.method === 'POST')).toEqual([]);
});
