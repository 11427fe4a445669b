import type { IDataObject } from 'n8n-workflow';
import { crmRowSync, useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// Rows no one could link: the platform's search record carries no customer ID, so a row without one whose
// company is shared or blank cannot be told from the other customers of its company. That happens after a
// create whose answer was lost, and after a write-back step that failed once the creates were made. The row
// stops, nothing is written, and it tells a person how to link it: the candidates the customer list gives, and
// the step to take (docs/operations.md, "Linking a row").

const sim = () => node.sim();

const sync = customer('upsert', crmRowSync(['company', 'name', 'surname']));

const ROWS: IDataObject[] = [
	{ email: 'ivy.tan@example.com', company: 'Harbour Dental', name: 'Ivy', surname: 'Tan' },
	{ email: 'jo.park@example.com', company: 'Harbour Dental', name: 'Jo', surname: 'Park' },
	{ email: 'kim.odd@example.com', company: '', name: 'Kim', surname: 'Odd' },
];

const cidOf = (email: unknown) => sim().state.customers.find((c) => c.email === email)!.cid;

test('a write-back that failed after the creates: each row that cannot be told names its candidates and the step', async () => {
	const first = jsonOf(await node.run(sync, { input: ROWS, continueOnFail: true }));
	expect(first.map((item) => item.action)).toEqual(['created', 'created', 'created']);
	// The write-back failed: the CRM holds none of the IDs. The next run, the same rows.
	const again = jsonOf(await node.run(sync, { input: ROWS, continueOnFail: true }));
	for (const [at, item] of again.entries()) {
		const own = cidOf(ROWS[at].email);
		if (item.cid !== undefined) {
			expect(item.cid).toBe(own);
			continue;
		}
		// Unlinked: nothing to write (unchanged, saying why) or something to write (an error); either names how.
		const said = String(item.error ?? item.why);
		expect(said).toMatch(/Candidates?: /);
		expect(said).toContain(String(own));
		expect(said).toMatch(/Billing Customer ID/);
		expect(said).toMatch(/Linking a row/);
	}
	// The shared company's two rows cannot be told apart by the list: neither is linked.
	expect([again[0].cid, again[1].cid]).toEqual([undefined, undefined]);
	// Edited in the CRM: the row that cannot be linked writes nothing, and stops naming its candidates.
	const edited = jsonOf(
		await node.run(sync, { input: [{ ...ROWS[0], surname: 'Tan-Lee' }], continueOnFail: true }),
	);
	expect(String(edited[0].error)).toContain(String(cidOf(ROWS[0].email)));
	expect(sim().state.customers.find((c) => c.email === ROWS[0].email)!.surname).toBe('Tan');
});

test('a create whose answer was lost, for a row with a blank company: the candidate is the customer that appeared meanwhile', async () => {
	// A probe row of the same shape (blank company, a name and surname) makes the same requests before its create.
	const probe = customer('upsert', {
		email: 'probe.row@example.com',
		customerFields: { company: '', name: 'Pro', surname: 'Bex' },
	});
	const start = sim().requests.length;
	await node.run(probe);
	const at = sim()
		.requests.slice(start)
		.findIndex((request) => request.url.endsWith('/customer/add'));
	sim().faults.push(...Array.from({ length: at }, () => 'pass' as const), 'failAfterWrite');
	const [item] = jsonOf(await node.run(sync, { input: [ROWS[2]], continueOnFail: true }));
	const made = cidOf(ROWS[2].email);
	expect(String(item.error)).toMatch(new RegExp(`Candidates?: (customer )?${made}\\b`));
	expect(String(item.error)).toMatch(/appeared/);
	expect(sim().state.customers.filter((c) => c.email === ROWS[2].email)).toHaveLength(1);
});
