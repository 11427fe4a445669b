import { sleep } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';
import { crmRowSync, useCustomer } from '../kits/customer';
import { DEMO_KEY, jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// Two syncs at once: a manual run during the nightly one, or a schedule firing while the last run still runs.
// In one n8n process (n8n's default), two executions never make a customer twice, whatever their timing. Across
// queue-mode workers (separate processes) a duplicate can still be made; it is then named on its row on every
// later run until a person resolves it.

const sim = () => node.sim();

const sync = customer('upsert', crmRowSync(['company', 'name', 'surname']));

const ROWS: IDataObject[] = Array.from({ length: 20 }, (_, n) => ({
	email: `overlap.${n}@example.com`,
	company: `Overlap Trading ${n}`,
	name: 'Olly',
	surname: `Lap${n}`,
}));

const holders = (email: unknown) =>
	sim().state.customers.filter((c) => c.email.toLowerCase() === String(email).toLowerCase());

describe('two executions of one sync at once, in one n8n process', () => {
	test.each([
		['started together', 0],
		['the second started mid-run', 40],
	])('%s: each new row makes one customer, and no row fails', async (_label, delay) => {
		sim().latency.ms = 5;
		const first = node.run(sync, { input: ROWS, continueOnFail: true });
		await sleep(delay);
		const second = node.run(sync, { input: ROWS, continueOnFail: true });
		const runs = await Promise.all([first, second]);
		for (const row of ROWS) expect([row.email, holders(row.email).length]).toEqual([row.email, 1]);
		for (const run of runs) {
			const items = jsonOf(run);
			expect(items.filter((item) => item.error !== undefined)).toEqual([]);
			for (const [at, item] of items.entries())
				expect(item.cid).toBe(holders(ROWS[at].email)[0].cid);
		}
	});
});

describe('a duplicate another worker made (queue mode)', () => {
	test('is named on its row on every later run, until a person resolves it', async () => {
		const rows = ROWS.slice(0, 3);
		const items = jsonOf(await node.run(sync, { input: rows, continueOnFail: true }));
		const crm = rows.map((row, at) => ({
			...row,
			cid: items[at].cid,
			fingerprint: items[at].fingerprint,
		}));
		// Another worker's execution created row 1's customer again after this one had checked.
		await fetch(`${sim().url}/${DEMO_KEY}/customer/add`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				email: rows[1].email,
				company: rows[1].company,
				name: 'Olly',
				surname: 'Lap1',
			}),
		});
		const extra = holders(rows[1].email).find((c) => c.cid !== crm[1].cid)!;
		for (let night = 0; night < 2; night++) {
			const again = jsonOf(await node.run(sync, { input: crm, continueOnFail: true }));
			expect(again[0].action).toBe('unchanged');
			expect(again[2].action).toBe('unchanged');
			expect(String(again[1].error)).toContain(String(crm[1].cid));
			expect(String(again[1].error)).toContain(String(extra.cid));
		}
		// Resolved on the platform: the extra customer made inactive.
		extra.active = false;
		const resolved = jsonOf(await node.run(sync, { input: crm, continueOnFail: true }));
		expect(resolved.map((item) => item.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);
	});
});
