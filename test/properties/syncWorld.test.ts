import { createHmac } from 'crypto';
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { changedSince } from '../../nodes/TelcoBillingCustomer/customer.fingerprint';
import { mayShowAs } from '../../nodes/shared/operation/customerText';
import { runNode, shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { propertySettings } from './settings';

/*
 * The nightly sync, with the world between two runs drawn: the CRM re-sorted, one email twice (differing in case),
 * an ID copied to another row, a row edited, the write-back lost for some rows; on the platform a customer removed
 * or made inactive; the department's key rotated; the second run started twice at once; and the platform one of
 * those the spec allows. After the second run:
 * - no customer is made twice;
 * - nothing of a row reaches a customer the row is not (no customer's email changes; a mobile is only ever its
 *   own row's);
 * - no fingerprint claims a value synced that the customer does not hold;
 * - no row is `unchanged` whose customer is gone or inactive.
 */

afterAll(async () => await shutdownEngine());

const SYNC: INodeParameters = {
	resource: 'customer',
	operation: 'upsert',
	email: '={{ $json.email }}',
	knownCid: '={{ $json.cid ?? "" }}',
	lastWritten: '={{ $json.fingerprint ?? "" }}',
	customerFields: {
		company: '={{ $json.company }}',
		name: '={{ $json.name }}',
		surname: '={{ $json.surname }}',
		mobile: '={{ $json.mobile }}',
	},
};

// A CRM as people keep one: a company of its own, two people of one company, one without a company.
const ROWS: IDataObject[] = [
	{
		email: 'ada.frost@example.com',
		company: 'Frost Joinery',
		name: 'Ada',
		surname: 'Frost',
		mobile: '0470000001',
	},
	{
		email: 'bea.lund@example.com',
		company: 'Lund & Co',
		name: 'Bea',
		surname: 'Lund',
		mobile: '0470000002',
	},
	{
		email: 'cal.lund@example.com',
		company: 'Lund & Co',
		name: 'Cal',
		surname: 'Lund',
		mobile: '0470000003',
	},
	{
		email: 'dot.hale@example.com',
		company: '',
		name: 'Dot',
		surname: 'Hale',
		mobile: '0470000004',
	},
];

const index = fc.integer({ min: 0, max: ROWS.length - 1 });

const world = fc.record({
	traits: fc.record({
		searchCase: fc.constantFrom('ignored', 'compared'),
		searchSpaces: fc.constantFrom('kept', 'collapsed'),
		furtherFields: fc.constantFrom('absent', 'present'),
		listOrder: fc.constantFrom('oldestFirst', 'newestFirst'),
	}),
	resorted: fc.boolean(),
	duplicate: fc.option(index, { nil: undefined }),
	// The same row again without its ID and fingerprint (a CRM import), its email in another case.
	duplicateWithoutId: fc.option(index, { nil: undefined }),
	// The platform reset between the runs, its IDs handed out again to new customers.
	reset: fc.boolean(),
	// A key without the bulk email capability: no answer shows the email an ID holds.
	withoutBulkEmail: fc.boolean(),
	copiedId: fc.option(fc.tuple(index, index), { nil: undefined }),
	edited: fc.option(index, { nil: undefined }),
	lostWriteBack: fc.array(index, { maxLength: 2 }),
	removed: fc.option(index, { nil: undefined }),
	deactivated: fc.option(index, { nil: undefined }),
	keyRotated: fc.boolean(),
	concurrent: fc.boolean(),
});

type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

const norm = (email: unknown) =>
	String(email ?? '')
		.trim()
		.toLowerCase();

async function sync(sim: Simulator, apiKey: string, rows: IDataObject[]): Promise<IDataObject[]> {
	const result = await runNode({
		nodeType: new TelcoBillingCustomer(),
		parameters: SYNC,
		input: rows,
		continueOnFail: true,
		credentials: { baseUrl: sim.url, apiKey },
	});
	if (result.error) throw new Error(`the sync failed as a whole: ${result.error.message}`);
	return result.items.map((item) => item.json);
}

/** The CRM after a run: each row with the ID and fingerprint its item gave, unless its write-back was lost. */
function writtenBack(rows: IDataObject[], items: IDataObject[], lost: number[]): IDataObject[] {
	return rows.map((row, at) =>
		items[at].error !== undefined || lost.includes(at)
			? row
			: { ...row, cid: items[at].cid, fingerprint: items[at].fingerprint },
	);
}

/** The CRM as the world left it for the second run. */
function crmAfter(crm: IDataObject[], drawn: World): IDataObject[] {
	let rows = crm.map((row) => ({ ...row }));
	if (drawn.edited !== undefined) rows[drawn.edited].mobile = '0479999999';
	if (drawn.copiedId) {
		const [from, to] = drawn.copiedId;
		if (from !== to && rows[from].cid !== undefined)
			rows[to] = { ...rows[to], cid: rows[from].cid, fingerprint: '' };
	}
	if (drawn.duplicate !== undefined) {
		const twin = rows[drawn.duplicate];
		rows.push({ ...twin, email: String(twin.email).toUpperCase(), mobile: '0478888888' });
	}
	if (drawn.duplicateWithoutId !== undefined) {
		const twin = { ...rows[drawn.duplicateWithoutId] };
		delete twin.cid;
		delete twin.fingerprint;
		rows.push({ ...twin, email: String(twin.email).toUpperCase(), mobile: '0477777777' });
	}
	if (drawn.resorted) rows = [...rows].reverse();
	return rows;
}

async function check(drawn: World): Promise<void> {
	const sim = await startSimulator({ traits: drawn.traits });
	try {
		const first = await sync(sim, DEMO_KEY, ROWS);
		const crm = crmAfter(writtenBack(ROWS, first, drawn.lostWriteBack), drawn);
		const customerOf = (at: number) =>
			sim.state.customers.find((c) => norm(c.email) === norm(ROWS[at].email));
		if (drawn.removed !== undefined) {
			const gone = customerOf(drawn.removed);
			sim.state.customers = sim.state.customers.filter((c) => c !== gone);
		}
		if (drawn.deactivated !== undefined) {
			const resting = customerOf(drawn.deactivated);
			if (resting) resting.active = false;
		}
		// Without the bulk email capability only the customer list's company checks an ID: a reset that hands IDs
		// out again to customers of the same company, or of none, is the residual docs/operations.md states.
		if (drawn.reset && !drawn.withoutBulkEmail) {
			sim.state.traits.resetIds = 'restarted';
			await fetch(`${sim.url}/${DEMO_KEY}/resetdb`);
			// Strangers on the reset platform, given the old IDs.
			for (const [n, company] of ['Frost Joinery', '', 'Someone Else Pty Ltd'].entries())
				await fetch(`${sim.url}/${DEMO_KEY}/customer/add`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({
						company,
						email: `stranger.${n}@example.net`,
						mobile: '0411111111',
					}),
				});
		}
		let apiKey = drawn.withoutBulkEmail ? 'demo-key-nocdr' : DEMO_KEY;
		if (drawn.keyRotated) {
			const old = sim.state.keys.get(apiKey)!;
			apiKey = `${apiKey}-rotated`;
			sim.state.keys.set(apiKey, { ...structuredClone(old), key: apiKey });
			old.disabled = true;
		}
		const before = new Map(sim.state.customers.map((c) => [c.cid, { ...c }]));
		const runs = await Promise.all(
			Array.from({ length: drawn.concurrent ? 2 : 1 }, async () => await sync(sim, apiKey, crm)),
		);

		// No customer is made twice.
		for (const email of new Set(crm.map((row) => norm(row.email))))
			expect([email, sim.state.customers.filter((c) => norm(c.email) === email).length]).toEqual([
				email,
				Math.min(1, sim.state.customers.filter((c) => norm(c.email) === email).length),
			]);
		// Nothing of a row reaches a customer the row is not: emails stay; a mobile is its own row's.
		for (const customer of sim.state.customers) {
			const was = before.get(customer.cid);
			if (!was) continue;
			expect([customer.cid, norm(customer.email)]).toEqual([customer.cid, norm(was.email)]);
			const own = crm
				.filter((row) => norm(row.email) === norm(customer.email))
				.map((row) => row.mobile);
			expect([customer.cid, [was.mobile, ...own].includes(customer.mobile)]).toEqual([
				customer.cid,
				true,
			]);
		}
		const digest = (text: string) => createHmac('sha256', apiKey).update(text).digest('base64url');
		for (const items of runs)
			for (const [at, item] of items.entries()) {
				const customer = sim.state.customers.find((c) => c.cid === Number(item.cid));
				// No row unchanged whose customer is gone or inactive.
				if (item.action === 'unchanged' && item.cid !== undefined)
					expect([at, customer?.active]).toEqual([at, true]);
				// No fingerprint claims a value the customer does not hold.
				if (typeof item.fingerprint !== 'string' || !customer) continue;
				const row = crm[at];
				const body = {
					email: row.email,
					company: row.company,
					name: row.name,
					surname: row.surname,
					mobile: row.mobile,
				};
				const claimed = changedSince(item.fingerprint, body, customer.cid, digest) ?? [];
				for (const field of ['company', 'name', 'surname', 'mobile'] as const) {
					if (String(row[field] ?? '').trim() === '' || claimed.includes(field)) continue;
					expect([at, field, mayShowAs(customer[field], row[field])]).toEqual([at, field, true]);
				}
			}
	} finally {
		await sim.close();
	}
}

test('the nightly sync with the world between runs drawn: made once, nothing to another customer, no claim unwritten, none unchanged once gone', async () => {
	await fc.assert(fc.asyncProperty(world, check), propertySettings(8));
}, 600_000);
