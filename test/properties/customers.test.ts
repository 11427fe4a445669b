import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { shutdownEngine } from '../harness/engine';
import { propertySettings } from './settings';
import { onFreshPlatform, platformCase } from './platform';

// Customer → Create or Update, matched on email, with what CRM exports feed it: the same address several
// times in one run (case and spaces differing), names as text or as numbers, keys nobody maps, many items
// at once under any Max Requests at Once, a platform whose search gives the cid or not, and faults.

afterAll(async () => await shutdownEngine());

const norm = (email: unknown) =>
	String(email ?? '')
		.trim()
		.toLowerCase();

// Two new addresses and one of a seeded customer (1001).
const ADDRESSES = [
	'ruby@harbourfreight.example',
	'jo.tan@harbourfreight.example',
	'liam.smith1@example.com',
];

const spelling = fc
	.tuple(
		fc.constantFrom(...ADDRESSES),
		fc.constantFrom('as is', 'upper', 'first upper'),
		fc.constantFrom('', ' ', '  ', '\t'),
		fc.constantFrom('', ' '),
	)
	.map(([address, style, before, after]) => {
		const cased =
			style === 'upper'
				? address.toUpperCase()
				: style === 'first upper'
					? address.charAt(0).toUpperCase() + address.slice(1)
					: address;
		return `${before}${cased}${after}`;
	});

const row = fc.record({
	email: spelling,
	name: fc.oneof(fc.constantFrom('Ruby', 'Jo', 'Liam'), fc.integer({ min: 1, max: 999 })),
	Unmapped: fc.option(fc.string({ maxLength: 5 }), { nil: undefined }),
});

const customerCase = fc.record({
	platform: platformCase,
	rows: fc.array(row, { minLength: 1, maxLength: 20 }),
	searchCid: fc.boolean(),
});

test('at most one customer per email that a run creates or updates; every success is true, no failure hidden', async () => {
	await fc.assert(
		fc.asyncProperty(customerCase, async ({ platform, rows, searchCid }) => {
			let before = new Map<number, string>();
			await onFreshPlatform(
				new TelcoBillingCustomer(),
				platform,
				{
					parameters: {
						resource: 'customer',
						operation: 'upsert',
						email: '={{ $json.email }}',
						customerFields: { name: '={{ $json.name }}' },
					},
					input: rows as unknown as IDataObject[],
					prepare: (sim) => {
						if (searchCid) sim.extras.add('searchCid');
						before = new Map(sim.state.customers.map((c) => [c.cid, JSON.stringify(c)]));
					},
				},
				(result, sim) => {
					const customers = sim.state.customers;
					const touched = customers.filter(
						(c) => !before.has(c.cid) || before.get(c.cid) !== JSON.stringify(c),
					);
					// At most one customer per email that the run created or changed.
					for (const email of new Set(rows.map((r) => norm(r.email))))
						expect(touched.filter((c) => norm(c.email) === email).length).toBeLessThanOrEqual(1);
					// Nothing else was touched.
					for (const c of touched) expect(rows.map((r) => norm(r.email))).toContain(norm(c.email));

					const out = result.items.map((item) => item.json);
					if (result.error) expect(out).toEqual([]);
					else expect(out).toHaveLength(rows.length);
					for (const [index, json] of out.entries()) {
						expect(result.items[index].pairedItem).toEqual({ item: index });
						if (json.error !== undefined) {
							expect(json.action).toBeUndefined();
							continue;
						}
						// A success names a customer that now holds the item's email.
						expect(['created', 'updated', 'unchanged']).toContain(json.action);
						const customer = customers.find((c) => c.cid === json.cid);
						expect(customer).toBeDefined();
						expect(norm(customer!.email)).toBe(norm(rows[index].email));
						if (json.action === 'created') expect(before.has(Number(json.cid))).toBe(false);
					}
					// Where every item of an email succeeded, they wrote in input order: the last name stands.
					if (result.error) return;
					for (const email of new Set(rows.map((r) => norm(r.email)))) {
						const mine = rows
							.map((r, index) => ({ r, json: out[index] }))
							.filter(({ r }) => norm(r.email) === email);
						if (mine.some(({ json }) => json.error !== undefined)) continue;
						const customer = customers.find((c) => c.cid === mine[0].json.cid)!;
						expect(customer.name).toBe(String(mine[mine.length - 1].r.name));
					}
				},
			);
		}),
		propertySettings(6),
	);
}, 600_000);
