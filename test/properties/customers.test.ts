import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { shutdownEngine } from '../harness/engine';
import { propertySettings } from './settings';
import { onFreshPlatform, platformCase } from './platform';

// Customer → Create or Update, matched on email, with what CRM exports feed it: the same address several
// times in one run (case and spaces differing), names as text or as numbers, a mapped cell often blank,
// keys nobody maps, many items
// at once under any Max Requests at Once, a platform whose search gives the cid or not, and faults. Where
// it gives none, the customer list tells the cid by company: another customer may share 1001's company,
// active or not, or 1001 itself be inactive beside an active twin; no write may ever reach the twin.

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

const MOBILE = '0411222333';

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
	// A mapped column whose cell is often empty: blank never erases what the platform holds.
	mobile: fc.constantFrom<string | null | undefined>('', '  ', null, undefined, MOBILE),
});

// Near collisions: 1002's company is 1001's, or differs from it only in case, spacing or Unicode form (the
// same letters composed or decomposed); 1001's stored email may be in mixed case.
const TWIN_COMPANY: Record<string, (company: string) => string> = {
	same: (company) => company,
	case: (company) => company.toUpperCase(),
	spaces: (company) => company.replace(' ', '  '),
	// 1001's company ends "Café" composed (é one code point); 1002's decomposed (e and an accent).
	unicode: (company) => `${company} Cafe\u0301`,
};

const customerCase = fc.record({
	platform: platformCase,
	rows: fc.array(row, { minLength: 1, maxLength: 20 }),
	searchCid: fc.boolean(),
	twin: fc.constantFrom('none', 'active', 'inactive', 'owner inactive'),
	twinCompany: fc.constantFrom(...Object.keys(TWIN_COMPANY)),
	storedEmail: fc.constantFrom('as seeded', 'mixed case'),
	// Rows of 1001's address carry its ID, as a CRM that an earlier run wrote back to does.
	knownIds: fc.boolean(),
});

test('at most one customer per email that a run creates or updates; every success is true and carries its row back (or names what it kept from an earlier row), an unchanged item writes nothing, no failure hidden', async () => {
	await fc.assert(
		fc.asyncProperty(
			customerCase,
			async ({ platform, rows, searchCid, twin, twinCompany, storedEmail, knownIds }) => {
				let before = new Map<number, string>();
				await onFreshPlatform(
					new TelcoBillingCustomer(),
					platform,
					{
						parameters: {
							resource: 'customer',
							operation: 'upsert',
							email: '={{ $json.email }}',
							knownCid: knownIds
								? '={{ $json.email.trim().toLowerCase() === "liam.smith1@example.com" ? "1001" : "" }}'
								: '',
							customerFields: { name: '={{ $json.name }}', mobile: '={{ $json.mobile }}' },
						},
						input: rows as unknown as IDataObject[],
						prepare: (sim) => {
							if (searchCid) sim.extras.add('searchCid');
							if (twin !== 'none') {
								const owner = sim.state.customers.find((c) => c.cid === 1001)!;
								const other = sim.state.customers.find((c) => c.cid === 1002)!;
								other.company = TWIN_COMPANY[twinCompany](owner.company);
								if (twinCompany === 'unicode') owner.company = `${owner.company} Caf\u00e9`;
								if (twin === 'inactive') other.active = false;
								if (twin === 'owner inactive') owner.active = false;
							}
							if (storedEmail === 'mixed case') {
								const owner = sim.state.customers.find((c) => c.cid === 1001)!;
								owner.email = 'Liam.Smith1@Example.com';
							}
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
						// Nothing else was touched: a customer that existed before had the row's email already (a
						// write that reached another customer would give it the email, so now is not enough).
						for (const c of touched) {
							expect(rows.map((r) => norm(r.email))).toContain(norm(c.email));
							const was = before.get(c.cid);
							if (was)
								expect(norm((JSON.parse(was) as { email: string }).email)).toBe(norm(c.email));
						}
						// A blank cell left the stored mobile as it was (a new customer's: none); only a mobile given was written.
						for (const c of touched) {
							const given = rows.some(
								(r) => norm(r.email) === norm(c.email) && r.mobile === MOBILE,
							);
							const was = before.has(c.cid)
								? (JSON.parse(before.get(c.cid)!) as { mobile: string }).mobile
								: '';
							expect(c.mobile).toBe(given && c.mobile !== was ? MOBILE : was);
						}

						const out = result.items.map((item) => item.json);
						if (result.error) expect(out).toEqual([]);
						else expect(out).toHaveLength(rows.length);
						for (const [index, json] of out.entries()) {
							expect(result.items[index].pairedItem).toEqual({ item: index });
							if (json.error !== undefined) {
								expect(json.action).toBeUndefined();
								continue;
							}
							// A success names a customer that now holds the item's email (unchanged on a platform whose
							// search gives no cid: the one customer with it), and carries the row's values back.
							expect(['created', 'updated', 'rewritten', 'unchanged']).toContain(json.action);
							const customer =
								json.cid === undefined
									? customers.filter((c) => norm(c.email) === norm(rows[index].email))
									: customers.filter((c) => c.cid === json.cid);
							expect(customer).toHaveLength(1);
							expect(norm(customer[0].email)).toBe(norm(rows[index].email));
							if (json.cid === undefined) expect(json.action).toBe('unchanged');
							expect(norm(json.email)).toBe(norm(rows[index].email));
							// A row that disagrees with an earlier row of its email says which of its values it did not write.
							const keptName = ((json.notWritten as string[] | undefined) ?? []).includes('name');
							expect(String(json.name)).toBe(
								keptName ? customer[0].name : String(rows[index].name),
							);
							if (json.action === 'created') expect(before.has(Number(json.cid))).toBe(false);
						}
						// An unchanged item wrote nothing: every write was an item's create or update, or a failure. An
						// update sent again after its answer was lost sets the same values: one write.
						const writes = new Set(
							sim.requests
								.filter(
									(r) => r.url.includes('/customer/update/') || r.url.endsWith('/customer/add'),
								)
								.map((r) => `${r.url} ${JSON.stringify(r.body)}`),
						).size;
						const writers = out.filter((json) => json.action !== 'unchanged').length;
						if (!result.error) expect(writes).toBeLessThanOrEqual(writers);
						// Where every item of an email succeeded, they settled on the first row's values: its name stands.
						if (result.error) return;
						for (const email of new Set(rows.map((r) => norm(r.email)))) {
							const mine = rows
								.map((r, index) => ({ r, json: out[index] }))
								.filter(({ r }) => norm(r.email) === email);
							if (mine.some(({ json }) => json.error !== undefined)) continue;
							const customer = customers.find((c) =>
								mine[0].json.cid === undefined
									? norm(c.email) === email
									: c.cid === mine[0].json.cid,
							)!;
							expect(customer.name).toBe(String(mine[0].r.name));
						}
					},
				);
			},
		),
		propertySettings(6),
	);
}, 600_000);
