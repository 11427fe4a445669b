import type { IDataObject } from 'n8n-workflow';
import { crmRowSync, useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
import { aValueFor } from '../harness/tables';
import { customerRecordFields } from '../../nodes/TelcoBillingCustomer/customer.fields';
const { node, customer } = useCustomer();

// The nightly sync, re-run. The spec's customer search record carries no customer ID, so a row that carries
// the ID an earlier run wrote back cannot be compared with what the customer holds where its company is shared
// or blank: every such row was rewritten, every night. Each item now gives a fingerprint of the values it
// synced; written back beside the ID and given again as Last Written Fingerprint, a row whose values have not
// changed sends nothing at all, and a changed row writes exactly its changed fields, naming them.

const sim = () => node.sim();
const writes = () =>
	sim().requests.filter((r) => r.method === 'POST' && /customer\/(add|update)/.test(r.url));

// Rows as a CRM holds them: shared and blank companies, an email differing from another only in case.
const ROWS: IDataObject[] = [
	{
		email: 'ann.lee@example.com',
		company: 'Blue Gum Café',
		name: 'Ann',
		surname: 'Lee',
		mobile: '0400000001',
	},
	{
		email: 'bo.chan@example.com',
		company: 'Blue Gum Café',
		name: 'Bo',
		surname: 'Chan',
		mobile: '0400000002',
	},
	{ email: 'cy.ng@example.com', company: '', name: 'Cy', surname: 'Ng', mobile: '0400000003' },
	{ email: 'Dee.Ray@Example.com', company: '', name: 'Dee', surname: 'Ray', mobile: '0400000004' },
];

const sync = customer('upsert', crmRowSync(['company', 'name', 'surname', 'mobile']));

/** The CRM after a run: each row with the ID and fingerprint its item gave written back. */
function writtenBack(rows: IDataObject[], items: IDataObject[]): IDataObject[] {
	return rows.map((row, index) => ({
		...row,
		cid: items[index].cid,
		fingerprint: items[index].fingerprint,
	}));
}

/** The first sync creates the customers (on a case-comparing platform it could not prove them absent). */
async function firstRun(): Promise<IDataObject[]> {
	const traits = { ...sim().traits };
	sim().traits.searchCase = 'ignored';
	const result = await node.run(sync, { input: ROWS, continueOnFail: true });
	Object.assign(sim().traits, traits);
	const items = jsonOf(result);
	expect(items.map((item) => item.action)).toEqual(['created', 'created', 'created', 'created']);
	for (const item of items) expect(item.fingerprint).toMatch(/^v1\./);
	return writtenBack(ROWS, items);
}

describe.each([['ignored'], ['compared']] as const)(
	'on a platform whose search case is %s',
	(searchCase) => {
		beforeEach(() => {
			sim().traits.searchCase = searchCase;
		});

		test('a re-run of unchanged rows writes nothing: it asks for the customer list and the emails its IDs hold', async () => {
			const crm = await firstRun();
			const before = sim().requests.length;
			const again = jsonOf(await node.run(sync, { input: crm, continueOnFail: true }));
			// Whatever the rows: the list, and Bulk Email's preview of its customers' emails (1,000 a request).
			const asked = sim()
				.requests.slice(before)
				.map((r) => r.url.split('/').slice(2).join('/'));
			expect(asked).toEqual(['customer/getAll', 'customer/bulk-email/preview']);
			expect(again.map((item) => [item.action, item.cid])).toEqual(
				crm.map((row) => ['unchanged', row.cid]),
			);
			expect(again.map((item) => item.fingerprint)).toEqual(crm.map((row) => row.fingerprint));
			// The fingerprint was used: no item says it was not.
			expect(again.map((item) => item.why)).toEqual(crm.map(() => undefined));
		});

		test('edited rows write exactly their changed fields, each item naming them (email included)', async () => {
			const crm = await firstRun();
			const edited = crm.map((row, index) =>
				index === 0
					? { ...row, mobile: '0499999999' }
					: index === 2
						? { ...row, email: 'cy.ng@newmail.example' }
						: row,
			);
			const before = writes().length;
			const items = jsonOf(await node.run(sync, { input: edited, continueOnFail: true }));
			expect(items.map((item) => item.action)).toEqual([
				'updated',
				'unchanged',
				'updated',
				'unchanged',
			]);
			expect(items[0]).toMatchObject({ changed: ['mobile'], written: ['mobile'] });
			expect(items[2]).toMatchObject({ changed: ['email'], written: ['email'] });
			const sent = writes().slice(before);
			expect(sent.map((request) => request.body)).toEqual([
				{ mobile: '0499999999' },
				{ email: 'cy.ng@newmail.example' },
			]);
			const holder = sim().state.customers.find((c) => c.cid === items[2].cid)!;
			expect(holder.email).toBe('cy.ng@newmail.example');
			expect(items[0].fingerprint).not.toBe(crm[0].fingerprint);
			expect(items[1].fingerprint).toBe(crm[1].fingerprint);
		});

		test('a changed email that is another customer’s is refused, nothing written', async () => {
			const crm = await firstRun();
			const taken = { ...crm[2], email: crm[0].email };
			const before = writes().length;
			const [item] = jsonOf(await node.run(sync, { input: [taken], continueOnFail: true }));
			expect(item.error).toMatch(/another customer’s/);
			expect(writes().length).toBe(before);
		});
	},
);

test('a fingerprint the node cannot read is no evidence: the row is matched as if none was given, and says so', async () => {
	const crm = await firstRun();
	const [item] = jsonOf(
		await node.run(sync, {
			input: [{ ...crm[0], mobile: '0400000099', fingerprint: 'not-a-fingerprint' }],
			continueOnFail: true,
		}),
	);
	// Matched by its ID and email (the email the ID holds proves it): written whole, as a row without one is.
	expect(item.action).toBe('updated');
	expect(String(item.why)).toMatch(/Last Written Fingerprint .* could not be read/);
});

test('without a fingerprint, on a key that cannot read the email an ID holds, a row whose customer cannot be told writes nothing', async () => {
	const crm = await firstRun();
	// A key without the bulk email capability; Ann shares her company: the list cannot tell her from Bo.
	const [item] = jsonOf(
		await node.run(sync, {
			input: [{ ...crm[0], fingerprint: '' }],
			continueOnFail: true,
			apiKey: 'demo-key-nocdr',
		}),
	);
	expect(item.action).toBeUndefined();
	expect(String(item.error)).toMatch(/cannot be proven/);
	expect(String(item.error)).toMatch(/bulk email capability/);
});

test('without a fingerprint, the email the platform shows for the ID proves the row’s customer: nothing written', async () => {
	const crm = await firstRun();
	const [item] = jsonOf(
		await node.run(sync, { input: [{ ...crm[0], fingerprint: '' }], continueOnFail: true }),
	);
	expect(item).toMatchObject({ action: 'unchanged', cid: crm[0].cid });
	expect(writes()).toHaveLength(4);
});

describe('every customer field the node offers', () => {
	// Filled as a CRM might: a value for each field (a number where a text is typed, as a spreadsheet gives).
	const VALUES: IDataObject = { email: 'every.field@example.com', ctgid: '1', mobile: 412345678 };
	const fields = customerRecordFields.filter((field) => field.name !== 'email');
	const row = Object.fromEntries(
		customerRecordFields.map((field) => [field.name, aValueFor(field, VALUES)]),
	) as IDataObject;
	// Another value of each field, by its type (a dropdown's next option), so a field added needs no line here;
	// the few below need a form their type does not tell (an email, a dropdown loaded from the platform, a day).
	const another = (field: (typeof fields)[number]): unknown => {
		const value = row[field.name];
		const options = (field.options as Array<{ value: unknown }> | undefined) ?? [];
		if (field.type === 'options' && options.length > 1)
			return options.find((option) => option.value !== value)?.value;
		if (field.type === 'boolean') return !value;
		if (field.type === 'number') return Number(value) + 1;
		return `${String(value)}X`;
	};
	const changed: IDataObject = {
		...Object.fromEntries(fields.map((field) => [field.name, another(field)])),
		email: 'every.field.changed@example.com',
		ctgid: '2',
		dob: '1999-09-09',
		mobile: 498765432,
	};
	const everyField = customer('upsert', {
		email: '={{ $json.email }}',
		knownCid: '={{ $json.cid ?? "" }}',
		lastWritten: '={{ $json.fingerprint ?? "" }}',
		customerFields: Object.fromEntries(
			fields.map((field) => [field.name, `={{ $json.${field.name} }}`]),
		),
	});

	test('is fingerprinted: a re-run writes nothing, and a change to each is written and named', async () => {
		const [first] = jsonOf(await node.run(everyField, { input: [row] }));
		expect(first.action).toBe('created');
		const synced = { ...row, cid: first.cid, fingerprint: first.fingerprint };
		const before = sim().requests.length;
		const [again] = jsonOf(await node.run(everyField, { input: [synced] }));
		// Two requests: the customer list and the emails its IDs hold, which prove the customer is still the row's.
		expect([again.action, sim().requests.length - before]).toEqual(['unchanged', 2]);
		const [edited] = jsonOf(await node.run(everyField, { input: [{ ...synced, ...changed }] }));
		expect(edited.action).toBe('updated');
		expect([...(edited.changed as string[])].sort()).toEqual(
			customerRecordFields.map((field) => field.name).sort(),
		);
	});
});
