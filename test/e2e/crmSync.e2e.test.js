// The package's main job end to end: the shipped example examples/customer-sync.json, imported as a user imports it,
// syncing a CRM in PostgreSQL (Debian's, a cluster of the test's own on a free port; the table the example's note
// gives) to the billing platform in a real n8n: Read CRM Contacts (1,000 messy contacts, test/sandbox/crmContacts.js)
// → Customer Create or Update (matched on the billing ID written back, else on email, and compared with the Last
// Written Fingerprint written back beside it; Continue (using error output)) → Postgres write-backs: the
// customer's ID and fingerprint on success, the error on the contact's own row otherwise. The simulator (strict: its
// search records carry no customer ID) sits behind a recorder, so the test sees every request that reached the
// platform. test/sandbox/crmSyncHarness.js runs it; crmSyncChecks.js holds the assertions.
// The runs: the first sync; two re-runs of an unchanged CRM (nothing written, at most 1.2 requests a row); ten
// contacts edited, two of them in their email (exactly those written, each naming its fields); new and fixed
// contacts; the sync stopping at an error. Then the world between runs: a write-back that failed after the creates;
// two syncs at once, in one n8n process and in two; a platform reset between runs (IDs continued, and restarted);
// a platform whose customer search compares case; and the first sync on a bad day (2% 503, 1% 429 with
// Retry-After 1 s, 1% answers lost after a write), and its re-run. After each run, n8n's items, the requests, the
// platform's customers and the CRM's rows are compared with the plan of what the node's rules say must happen
// (test/sandbox/crmSyncPlan.js), and with what the package promises whatever its rules (checkPromises).
// Newest supported line only (the Postgres node is n8n's; the package's node is the same on every line).
// TELCO_E2E_KEEP=1 keeps the temporary folders (n8n's, PostgreSQL's and its log).
const { executeOutput, requestedVersion } = require('../sandbox/n8n.js');
const { NEWEST } = require('../sandbox/n8n-lines.js');
const { CONTACTS, literal, newContacts } = require('../sandbox/crmContacts.js');
const { SYNC, TABLE, WRITE_ID } = require('../sandbox/crmSyncExample.js');
const {
	KEY,
	STOPPING_ID,
	crmSyncHarness,
	duplicatesOf,
	emailKey,
	sorted,
} = require('../sandbox/crmSyncHarness.js');
const {
	checkNothingWritten,
	checkOnlyEdited,
	checkPromises,
	checkRun,
} = require('../sandbox/crmSyncChecks.js');
const { refusalOf, sameEmail } = require('../sandbox/crmSyncPlan.js');

const line = requestedVersion([]);
const log = (text) => process.stderr.write(`[crm sync e2e] ${text}\n`);
const h = crmSyncHarness({ line, log });

/** Issue 35's bad day: 2% of requests answered 503, 1% throttled (Retry-After 1 s), 1% answers lost after a write. */
const BAD_DAY = {
	fail503Share: 0.02,
	fail429Share: 0.01,
	failAfterWriteShare: 0.01,
	retryAfter: 1,
	seed: 35,
};

/** The first contact that matches, among rows not edited yet: the edits below pick their rows by what they hold. */
const edited = new Set();
function pick(rows, what, test) {
	const found = rows.find((row) => !edited.has(row.id) && test(row, h.intentOf.get(row.id) ?? {}));
	if (!found) throw new Error(`no contact is ${what}`);
	edited.add(found.id);
	return found;
}
/**
 * A contact synced with its fingerprint, one customer's own: no other contact has its email, and it is none of the
 * seeded, inactive or twice-entered ones. `company`: 'own' (no other contact has it), 'blank', or a shared one.
 */
const synced = (rows, company) => (row, intent) => {
	if (row.billing_cid === null || row.billing_fingerprint === null) return false;
	if (intent.seeded || intent.inactive || intent.duplicateOf) return false;
	if (rows.filter((r) => sameEmail(r.email, row.email)).length !== 1) return false;
	if (company === 'blank') return row.company === null;
	if (company === 'own')
		return (
			row.company !== null &&
			rows.filter((r) => r.company?.trim() === row.company.trim()).length === 1
		);
	return intent.shared === company;
};

/** Applies edits as a CRM user makes them; returns what each changed. */
function edit(changes) {
	for (const { id, set } of changes)
		h.sql(
			`UPDATE ${TABLE} SET ${Object.entries(set)
				.map(([column, value]) => `${column} = ${literal(value)}`)
				.join(', ')} WHERE id = ${id};`,
		);
	return changes;
}

function insert(row) {
	const columns = Object.keys(row);
	return Number(
		h
			.sql(
				`INSERT INTO ${TABLE} (${columns.join(', ')}) VALUES (${columns.map((c) => literal(row[c])).join(', ')}) RETURNING id;`,
			)
			.trim(),
	);
}

/** Contacts added to the CRM as a user adds them (the table numbers them): each with its id and intent. */
function insertAll(contacts) {
	const ids = h
		.sql(
			contacts
				.map(({ row }) => {
					const columns = Object.keys(row);
					return `INSERT INTO ${TABLE} (${columns.join(', ')}) VALUES (${columns.map((c) => literal(row[c])).join(', ')}) RETURNING id;`;
				})
				.join('\n'),
		)
		.trim()
		.split('\n')
		.map(Number);
	return contacts.map(({ row, intent }, k) => ({ ...row, id: ids[k], intent }));
}

/** The latency of the platform while two syncs run at once (ms an answer). */
const SLOW = 400;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const blank = (value) => value === null || value === undefined || String(value).trim() === '';

/** A row's sync columns as the CRM holds them now. */
const pickRow = (rows, id) => {
	const { billing_cid, sync_error } = rows.find((r) => r.id === id);
	return { billing_cid, sync_error };
};

/** The customer IDs a row's how-to-link text names as its candidates. */
const candidatesIn = (text) =>
	(/Candidates: customer ([\d, ]+)/.exec(String(text))?.[1] ?? '')
		.split(',')
		.map((id) => Number(id.trim()))
		.filter(Boolean);

/**
 * What a person does for the rows whose customer is gone or is now another's, as their words say: clears the
 * row's Billing Customer ID and Last Written Fingerprint (so the next run creates the customer again).
 */
function clearGone(rows) {
	const gone = rows.filter((r) =>
		/clear (the row’s|its) Billing Customer ID and Last Written Fingerprint/.test(
			String(r.sync_error),
		),
	);
	expect(gone.length).toBeGreaterThan(0);
	h.sql(
		`UPDATE ${TABLE} SET billing_cid = NULL, billing_fingerprint = NULL WHERE id IN (${gone.map((r) => r.id).join(', ')});`,
	);
	for (const row of gone) h.lastSynced.delete(row.id);
	return gone;
}

/** How long two executions' Create or Update runs overlapped, from n8n's run data. */
function overlapOf(results) {
	const spans = results.map(({ runData }) => {
		const { startTime, executionTime } = runData[SYNC][0];
		return [startTime, startTime + executionTime];
	});
	const ms = Math.min(spans[0][1], spans[1][1]) - Math.max(spans[0][0], spans[1][0]);
	return ms > 0
		? `${(ms / 1000).toFixed(1)} s in Create or Update`
		: `not at all (${-ms} ms apart)`;
}

(line === NEWEST ? describe : describe.skip)(`CRM to billing sync on n8n ${NEWEST}`, () => {
	beforeAll(async () => await h.setUp());

	afterAll(async () => {
		report();
		await h.tearDown();
	});

	test('run 1: every contact is created, updated, rewritten or refused on its own row; no email twice', async () => {
		const result = await h.syncRun('1 (first sync)');
		checkRun(result);
		const outcomes = [...result.plan.byRow.values()].map((p) => p.outcome);
		// The plan is not empty-handed: the CRM's mess is all there.
		expect(outcomes.filter((o) => o === 'created').length).toBeGreaterThan(900);
		expect(outcomes.filter((o) => o === 'refused').length).toBe(14);
		// The seeded customers whose emails the CRM holds are updated, never created again.
		for (const [id, intent] of h.intentOf)
			if (intent.seeded && !intent.newEmail)
				expect(result.plan.byRow.get(id)).toMatchObject({ cid: intent.seeded });
		// Rows carrying an ID from before, with no fingerprint: compared with the search record where one is
		// found (updated whole, naming what differed). The one whose email no customer has, and whose company is
		// not its ID's customer's on the customer list, is linked to that customer by nothing: it stops, naming
		// the company the platform shows, and nothing is written.
		const carrying = [...h.intentOf].filter(([, intent]) => intent.carriesId);
		expect(carrying.map(([id]) => result.plan.byRow.get(id).outcome)).toEqual([
			'updated',
			'updated',
			'error',
		]);
		const [unlinked] = carrying.filter(([, intent]) => intent.newEmail);
		expect(result.rowsAfter.find((r) => r.id === unlinked[0]).sync_error).toMatch(
			/^Customer 1023’s company on the platform is "Martin Logistics 23", not the row’s "[^"]+": it was renamed on the platform, or the ID is now another customer’s/,
		);
		// The same person twice, the email in another case: one customer, the first row's values.
		for (const [id, intent] of h.intentOf)
			if (intent.duplicateOf)
				expect(result.rowsAfter.find((r) => r.id === id).billing_cid).toBe(
					result.rowsAfter.find((r) => r.id === intent.duplicateOf).billing_cid,
				);
		// Inactive on the platform: found by email, its ID cannot be told, so nothing is written.
		const inactive = [...h.intentOf].find(([, intent]) => intent.inactive)[0];
		expect(result.rowsAfter.find((r) => r.id === inactive).sync_error).toMatch(
			/^A customer has the email NOAH\.BROWN15@EXAMPLE\.COM, but the platform’s search gives no customer ID/,
		);
	});

	test.each([2, 3])(
		'run %i, the CRM unchanged: nothing written, at most 1.2 requests a row',
		async (n) => {
			const result = await h.syncRun(`${n} (CRM unchanged)`);
			checkRun(result);
			checkNothingWritten(result);
			// Every row synced with its fingerprint is unchanged by it, whatever its company.
			for (const row of result.rowsBefore)
				if (row.billing_fingerprint !== null && !result.plan.byRow.get(row.id).sameAs)
					expect({ row: row.id, plan: result.plan.byRow.get(row.id) }).toMatchObject({
						plan: { outcome: 'unchanged', fingerprinted: true },
					});
		},
	);

	test('run 4, ten contacts edited (two of them in their email): exactly those ten written, each naming its fields', async () => {
		const rows = h.crmRows();
		const chosen = (company, what, test = () => true) =>
			pick(rows, what, (row, intent) => synced(rows, company)(row, intent) && test(row)).id;
		const changes = edit([
			{
				id: chosen('own', 'with a mobile', (r) => r.mobile?.trim()),
				set: { mobile: '0499 000 001' },
			},
			{ id: chosen('own', 'synced'), set: { last_name: "O'Sullivan" } },
			{ id: chosen('own', 'synced'), set: { email: 'moved.house@crm.example.net' } },
			{
				id: chosen('Coastal Electrical', 'at Coastal Electrical', (r) => r.mobile?.trim()),
				set: { mobile: '0499 000 002' },
			},
			{
				id: chosen('Café Müller', 'at Café Müller'),
				set: { email: 'orders.cafe-mueller@example.com' },
			},
			{ id: chosen('own', 'synced'), set: { company: 'Kowalski & Daughters Pty Ltd' } },
			{
				id: chosen('own', 'with a phone', (r) => r.phone !== null),
				set: { phone: '03 9000 0007' },
			},
			{ id: chosen('blank', 'with no company'), set: { first_name: 'Renée-Claire' } },
			{
				id: chosen('blank', 'with no company', (r) => r.dob !== '1979-06-30'),
				set: { dob: '1979-06-30' },
			},
			{
				id: chosen("O'Brien & Sons Plumbing", "at O'Brien & Sons Plumbing"),
				set: { last_name: 'Nakamura', mobile: '0499 000 010' },
			},
		]);
		const result = await h.syncRun('4 (10 contacts edited)');
		checkRun(result);
		checkOnlyEdited(result, changes);
		expect(changes.filter(({ set }) => 'email' in set)).toHaveLength(2);
		expect(result.requests.length / result.rowsBefore.length).toBeLessThanOrEqual(1.2);
	});

	test('run 5, a new contact, a fixed email and date, the same person entered again in capitals: only the new and fixed ones written', async () => {
		const rows = h.crmRows();
		const twin = pick(rows, 'synced', synced(rows, 'own'));
		const fixed = edit([
			{
				id: pick(rows, 'refused for its email', (r, i) => i.refused === 'email' && r.email).id,
				set: { email: 'now.fixed@example.com' },
			},
			{
				id: pick(rows, 'refused for its date', (r, i) => i.refused === 'dob').id,
				set: { dob: '1985-02-28' },
			},
		]);
		const added = insert({
			first_name: 'Zoë',
			last_name: "O'Brien-Nakamura",
			company: 'Café Müller',
			email: 'Zoe.OBrien-Nakamura@example.com',
			mobile: '0411 222 333',
			dob: '1990-05-17',
		});
		// The same person entered again by someone else: the email in capitals, not synced yet.
		const second = insert({
			...Object.fromEntries(
				['first_name', 'last_name', 'company', 'mobile', 'dob'].map((c) => [c, twin[c]]),
			),
			email: twin.email.trim().toUpperCase(),
		});
		const result = await h.syncRun('5 (new and fixed contacts)');
		checkRun(result);
		checkOnlyEdited(result, [], [...fixed.map((c) => c.id), added]);
		expect(result.plan.byRow.get(second)).toEqual({
			outcome: 'unchanged',
			cid: twin.billing_cid,
			sameAs: twin.id,
		});
		expect(result.rowsAfter.find((r) => r.id === second).billing_cid).toBe(twin.billing_cid);
	});

	test('the same sync stopping at an error: a contact the node refuses stops it before anything reaches the platform', async () => {
		const rowsBefore = h.crmRows();
		const customersBefore = await h.customers();
		const refused = rowsBefore.filter((row) => refusalOf(row));
		expect(refused.length).toBeGreaterThan(0);
		const first = h.recorder.seen.length;
		const failure = await h.execute(STOPPING_ID).then(
			(stdout) => stdout,
			(error) => String(error.message),
		);
		expect(failure).toContain(refusalOf(refused[0]));
		expect(h.recorder.seen.slice(first)).toEqual([]);
		expect(await h.customers()).toEqual(customersBefore);
		expect(h.crmRows()).toEqual(rowsBefore);
	});

	test('a write-back that fails after the creates: the run fails with the CRM’s words and each new contact is created once; the next run links each new row or says how, and creates nothing', async () => {
		const added = insertAll(newContacts('wb', 100, { shared: 6, coastal: 4, blank: 8 }));
		// The CRM refuses every write tonight (as a database gone read-only would), after Create or Update ran.
		h.sql(
			`CREATE FUNCTION refuse_write_back() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` +
				`RAISE EXCEPTION 'the CRM refuses writes tonight'; END $$;` +
				`CREATE TRIGGER refuse_write_back BEFORE UPDATE ON ${TABLE} FOR EACH ROW EXECUTE FUNCTION refuse_write_back();`,
		);
		const { rowsBefore, customersBefore, first } = await h.before();
		const failure = await h.execute().then(
			() => 'the run succeeded',
			(error) => String(error.message),
		);
		h.sql(`DROP TRIGGER refuse_write_back ON ${TABLE}; DROP FUNCTION refuse_write_back();`);
		// What a person sees: the execution failed at the write-back, in the CRM's words.
		expect(failure).toContain('the CRM refuses writes tonight');
		const { runData } = executeOutput(failure);
		expect(runData[WRITE_ID][0].error.message).toContain('the CRM refuses writes tonight');
		const requests = h.recorder.seen.slice(first);
		const adds = requests.filter((r) => r.line.endsWith('/customer/add'));
		const customersAfter = await h.customers();
		// Create or Update did its part: one create for each new contact, nothing else written.
		const newEmails = added.map((row) => emailKey(row.email));
		expect(sorted(adds.map((r) => emailKey(r.body.email)))).toEqual(sorted(newEmails));
		expect(requests.filter((r) => r.path.includes('/customer/update/'))).toEqual([]);
		for (const email of newEmails)
			expect({
				email,
				holders: customersAfter.filter((c) => emailKey(c.email) === email).length,
			}).toEqual({
				email,
				holders: 1,
			});
		// And none of it reached the CRM.
		expect(h.crmRows()).toEqual(rowsBefore);
		h.figure('write-back failed after the creates', {
			rows: rowsBefore.length,
			requests,
			items: h.itemsOf(runData),
			customersAfter,
			extra: { note: `the run failed at ${WRITE_ID}: ${runData[WRITE_ID][0].error.message}` },
		});
		checkPromises({ items: h.itemsOf(runData), customersBefore, customersAfter });

		// The CRM writable again: the next run finds every new contact by its email and creates nothing.
		const next = await h.syncRun('the next run, the CRM writable again');
		checkRun(next);
		expect(next.adds).toEqual([]);
		const after = new Map(next.rowsAfter.map((r) => [r.id, r]));
		const holderOf = (row) => next.customersAfter.find((c) => sameEmail(c.email, row.email));
		const unlinked = added.filter((row) => after.get(row.id).billing_cid === null);
		// A new contact at a company of its own is linked: its customer's ID written back.
		for (const row of added.filter((r) => r.intent.company === 'own'))
			expect({ row: row.id, cid: after.get(row.id).billing_cid }).toEqual({
				row: row.id,
				cid: holderOf(row).cid,
			});
		// One at a company others share, or none, cannot be told from them: its row says how to link it,
		// naming its customer among the candidates.
		expect(sorted(unlinked.map((r) => r.id))).toEqual(
			sorted(added.filter((r) => r.intent.company !== 'own').map((r) => r.id)),
		);
		for (const row of unlinked) {
			const said = after.get(row.id).sync_error;
			expect({ row: row.id, said }).toEqual({
				row: row.id,
				said: expect.stringMatching(
					/^(A customer has the email|The customer holds every value|the customer holds every value).*Candidates: customer [\d, ]+ \(on the customer list (with the company|without a company).*To link the row, find which customer has the email/s,
				),
			});
			expect({ row: row.id, candidates: candidatesIn(said) }).toEqual({
				row: row.id,
				candidates: expect.arrayContaining([holderOf(row).cid]),
			});
		}

		// The person does as the row says (docs/operations.md, "Linking a row"): finds on the platform which
		// candidate has the email, puts its ID in the row, and runs again: each row updates that customer alone.
		for (const row of unlinked)
			h.sql(`UPDATE ${TABLE} SET billing_cid = ${holderOf(row).cid} WHERE id = ${row.id};`);
		const linked = await h.syncRun('the unlinked rows given their IDs');
		checkRun(linked);
		expect(linked.adds).toEqual([]);
		for (const row of unlinked)
			expect({ row: row.id, ...pickRow(linked.rowsAfter, row.id) }).toEqual({
				row: row.id,
				billing_cid: holderOf(row).cid,
				sync_error: null,
			});
		const quiet = await h.syncRun('its re-run');
		checkRun(quiet);
		checkNothingWritten(quiet);
	});

	test('two syncs at once in one n8n process (n8n start, the second manual execution started mid-run of the first): no customer made twice; the next run writes nothing', async () => {
		const added = insertAll(newContacts('inproc', 50, { shared: 4, coastal: 2, blank: 4 }));
		const { rowsBefore, customersBefore, first } = await h.before();
		const lastSyncedBefore = new Map(h.lastSynced);
		// A slow platform (400 ms an answer): a row's searches and its create take about 2 s, so the second
		// execution, a second behind, asks after each new contact while the first is creating it.
		await h.platformCall('/__simulator/faults', { latency: SLOW });
		await h.startServer();
		let results;
		try {
			const one = await h.startManual();
			// Mid-run: the first execution has read the CRM and its Create or Update is under way.
			await h.requestsSeen(first, 1);
			const two = await h.startManual();
			const settled = await Promise.allSettled([h.manualResult(one), h.manualResult(two)]);
			const failed = settled.find((s) => s.status === 'rejected');
			if (failed) throw failed.reason;
			results = settled.map((s) => s.value);
		} finally {
			await h.stopServer();
			await h.platformCall('/__simulator/faults', { latency: 0 });
		}
		expect(results.map((r) => r.status)).toEqual(['success', 'success']);
		const runs = results.map((r) => h.itemsOf(r.runData));
		const items = runs.flat();
		const requests = h.recorder.seen.slice(first);
		const customersAfter = await h.customers();
		const rowsAfter = h.crmRows();
		h.remember(items, rowsAfter);
		const overlap = overlapOf(results);
		h.figure('two at once, one n8n process (2 executions)', {
			rows: rowsBefore.length * 2,
			requests,
			items,
			customersAfter,
			extra: { note: `executions overlapped ${overlap}` },
		});
		expect(overlap).toMatch(/^\d/);
		// No customer made twice, and each new contact created exactly once, by one of the two.
		checkPromises({ items, customersBefore, customersAfter, lastSyncedBefore });
		const adds = requests.filter((r) => r.line.endsWith('/customer/add'));
		expect(sorted(adds.map((r) => emailKey(r.body.email)))).toEqual(
			sorted(added.map((row) => emailKey(row.email))),
		);
		for (const row of added) {
			const outcomes = runs.map(
				(run) => run.find((i) => i.row.id === row.id) ?? { ok: false, json: { error: 'no item' } },
			);
			const holder = customersAfter.find((c) => sameEmail(c.email, row.email));
			// One of the two created it; the other found it (or, where its company cannot tell it, said so).
			expect({
				row: row.id,
				created: outcomes.filter((o) => o.ok && o.json.action === 'created').map((o) => o.json.cid),
			}).toEqual({ row: row.id, created: [holder.cid] });
			for (const { ok, json } of outcomes)
				expect({ row: row.id, ok, said: ok ? json.cid : json.error }).toEqual(
					ok
						? {
								row: row.id,
								ok,
								said: json.action === 'unchanged' && !json.cid ? undefined : holder.cid,
							}
						: { row: row.id, ok, said: expect.stringMatching(/cannot be told.*To link the row/s) },
				);
			// The CRM's row holds the customer's ID, whichever execution wrote back last.
			expect({ row: row.id, cid: pickRow(rowsAfter, row.id).billing_cid }).toEqual({
				row: row.id,
				cid: holder.cid,
			});
		}
		// The rows synced before were unchanged for both.
		for (const run of runs)
			expect(
				run.filter(
					(i) => i.ok && !added.some((a) => a.id === i.row.id) && i.json.action !== 'unchanged',
				),
			).toEqual([]);

		const next = await h.syncRun('the next run, alone');
		checkRun(next);
		checkNothingWritten(next);
	});

	test('two syncs at once in two n8n processes (two `n8n execute`, as queue-mode workers run them; the second started while the first starts up): a customer made twice is named on its row, on every later run', async () => {
		const added = insertAll(newContacts('workers', 50, { shared: 4, coastal: 2, blank: 4 }));
		const { rowsBefore, customersBefore, first } = await h.before();
		const lastSyncedBefore = new Map(h.lastSynced);
		await h.platformCall('/__simulator/faults', { latency: SLOW });
		let outputs;
		try {
			// The second a second after the first: both processes start up together, and meet on the new rows.
			outputs = await h.executeTwo(() => sleep(1000));
		} finally {
			await h.platformCall('/__simulator/faults', { latency: 0 });
		}
		const results = outputs.map((stdout) => executeOutput(stdout));
		expect(results.map((r) => r.run.status)).toEqual(['success', 'success']);
		const runs = results.map((r) => h.itemsOf(r.runData));
		const items = runs.flat();
		const requests = h.recorder.seen.slice(first);
		const customersAfter = await h.customers();
		const rowsAfter = h.crmRows();
		h.remember(items, rowsAfter);
		const twice = duplicatesOf(customersAfter);
		const overlap = overlapOf(
			results.map((r) => ({ data: r.run.data ?? r.run, runData: r.runData })),
		);
		h.figure('two at once, two n8n processes (2 executions)', {
			rows: rowsBefore.length * 2,
			requests,
			items,
			customersAfter,
			extra: {
				note: `executions overlapped ${overlap}; made twice: ${[...twice].map(([email, cids]) => `${email} (${cids.join(', ')})`).join('; ') || 'none'}`,
			},
		});
		// Only new contacts can be made twice, once more at most.
		const newEmails = new Set(added.map((row) => emailKey(row.email)));
		expect([...twice.keys()].filter((email) => !newEmails.has(email))).toEqual([]);
		expect([...twice.values()].filter((cids) => cids.length > 2)).toEqual([]);
		checkPromises(
			{ items, customersBefore, customersAfter, lastSyncedBefore },
			{ allowedTwice: newEmails },
		);
		// Each customer made twice is named in this run: the check after a create sees two customers with the email
		// in one execution at least, naming the one it made (the strict platform's search gives no other's ID).
		for (const [email, cids] of twice) {
			const row = added.find((r) => emailKey(r.email) === email);
			const said = runs
				.map((run) => run.find((i) => i.row.id === row.id))
				.filter((i) => !i.ok)
				.map((i) => i.json.error);
			const named = said
				.map(
					(error) =>
						/^Customer (\d+) was created, but the platform now holds 2 customers/.exec(error)?.[1],
				)
				.filter(Boolean)
				.map(Number);
			expect({
				email,
				named: named.length > 0 && named.every((cid) => cids.includes(cid)),
			}).toEqual({
				email,
				named: true,
			});
		}
		// And on every later run, on its row, until a person resolves it; nothing is created again. A row that
		// carries no ID (both executions stopped) finds two customers with its email; one that carries the ID one
		// execution wrote back finds the other on the customer list by its company, and names both. Without a
		// company nothing on the list tells the other apart: such a duplicate is named only by the check after its
		// create (docs/operations.md, "Two syncs at once"), and counted here.
		const unnamed = new Set();
		for (const label of ['the next run, alone', 'the run after']) {
			const later = await h.syncRun(label);
			checkRun(later);
			expect(later.adds).toEqual([]);
			for (const [email, cids] of twice) {
				const row = added.find((r) => emailKey(r.email) === email);
				const { billing_cid: cid, sync_error: said } = pickRow(later.rowsAfter, row.id);
				if (cid !== null && blank(row.company)) {
					if (!/2 customers have the email/.test(String(said))) unnamed.add(row.id);
					continue;
				}
				const other = cids.find((c) => c !== cid);
				expect({ row: row.id, said }).toEqual({
					row: row.id,
					said:
						cid === null
							? expect.stringMatching(
									/^2 customers have the email .*; nothing was created or updated/,
								)
							: expect.stringContaining(
									`2 customers have the email ${row.email.trim()}: customer ${cid} (this row’s) and, with its company "${row.company.trim()}" on the customer list, customer ${other}.`,
								),
				});
			}
			later.figure.note = `customers made twice by the two at once, not named on their rows (no company, an ID written back): ${unnamed.size}`;
		}
	});

	test('a platform reset whose new customers take the cleared IDs again (resetIds restarted), customers entered before the sync: every row says what happened, none unchanged, nothing written to another customer', async () => {
		await h.platformCall('/__simulator/traits', { traits: { resetIds: 'restarted' } });
		const rows = h.crmRows();
		await h.platformCall(`/${KEY}/resetdb`);
		// Before the nightly sync, customers are entered on the platform by hand: the platform numbers them from
		// where the cleared ones started, so they take IDs the CRM's rows carry. The one taking the ID of the first
		// row without a company has no company either; the one taking the ID of the first row at a company others
		// share is another person of that company; the others are walk-in customers.
		// The customers the reset kept (another department's): new IDs start after them.
		const restart = Math.max(1000, ...(await h.customers()).map((c) => c.cid)) + 1;
		const linked = rows
			.filter((r) => r.billing_cid >= restart)
			.sort((a, b) => a.billing_cid - b.billing_cid);
		const blankRow = linked.find((r) => blank(r.company) && !h.intentOf.get(r.id)?.duplicateOf);
		const sharedRow = linked.find((r) => h.intentOf.get(r.id)?.shared);
		const entered = [];
		for (let cid = restart; cid <= Math.max(blankRow.billing_cid, sharedRow.billing_cid); cid++) {
			const n = entered.length + 1;
			const company =
				cid === blankRow.billing_cid
					? undefined
					: cid === sharedRow.billing_cid
						? sharedRow.company.trim()
						: `Walk-in Customer ${n}`;
			const { id } = await h.platformCall(`/${KEY}/customer/add`, {
				...(company ? { company } : {}),
				name: 'Walk',
				surname: `In ${n}`,
				email: `walk.in.${n}@counter.example`,
			});
			entered.push({ cid: Number(id), company });
		}
		expect(entered.find((c) => c.cid === blankRow.billing_cid)).toEqual({
			cid: blankRow.billing_cid,
			company: undefined,
		});
		expect(entered.find((c) => c.cid === sharedRow.billing_cid)).toEqual({
			cid: sharedRow.billing_cid,
			company: sharedRow.company.trim(),
		});
		// And in the CRM, the row at the shared company has a new mobile since the last sync.
		edit([{ id: sharedRow.id, set: { mobile: '0499 000 077' } }]);
		const result = await h.syncRun('after a platform reset, IDs restarted');
		h.figures[h.figures.length - 1].note =
			`${entered.length} customers entered by hand before the sync took IDs ${entered[0].cid} to ${entered[entered.length - 1].cid}`;
		checkRun(result);
		expect(result.figure.actions.unchanged).toBe(0);
		// Every row carrying an ID says its customer is gone or is now another's; the others are created or refused.
		for (const { row, ok, json } of result.items)
			expect({ row: row.id, said: ok ? json.action : json.error }).toEqual({
				row: row.id,
				said: ok
					? 'created'
					: expect.stringMatching(
							row.billing_cid !== null
								? /is not on the platform’s customer list|’s company on the platform is|(has|holds) the email .* on the platform/
								: /./,
						),
			});
	});

	test('after the reset with IDs restarted, the rows cleared as they say: each is created once', async () => {
		// The person does what the rows say: clears the ID and fingerprint of each row whose customer is gone, and
		// runs again.
		const cleared = clearGone(h.crmRows());
		const again = await h.syncRun('the rows cleared as they say (IDs restarted)');
		expect(again.run.status).toBe('success');
		expect(again.figure.duplicates).toBe(0);
		// One create for each person cleared (rows of one person, the email in another case, share it), and each
		// cleared row linked to the customer holding its email.
		expect(sorted(new Set(again.adds.map((r) => emailKey(r.body.email))))).toEqual(
			sorted(new Set(cleared.map((row) => emailKey(row.email)))),
		);
		expect(again.adds.length).toBe(new Set(cleared.map((row) => emailKey(row.email))).size);
		for (const row of cleared)
			expect({ row: row.id, cid: pickRow(again.rowsAfter, row.id).billing_cid }).toEqual({
				row: row.id,
				cid: again.customersAfter.find((c) => sameEmail(c.email, row.email)).cid,
			});
	});

	test('a platform reset between runs (resetIds continued): every row says what happened, none unchanged; cleared as they say, each is created once and the next run writes nothing', async () => {
		await h.platformCall('/__simulator/traits', { traits: { resetIds: 'continued' } });
		await h.platformCall(`/${KEY}/resetdb`);
		const result = await h.syncRun('after a platform reset, IDs continued');
		checkRun(result);
		expect(result.figure.actions.unchanged).toBe(0);
		for (const { row, ok, json } of result.items)
			if (row.billing_cid !== null)
				expect({ row: row.id, said: ok ? json.action : json.error }).toEqual({
					row: row.id,
					said: expect.stringContaining('is not on the platform’s customer list'),
				});
		clearGone(result.rowsAfter);
		const again = await h.syncRun('the rows cleared as they say');
		checkRun(again);
		expect(again.figure.duplicates).toBe(0);
		const quiet = await h.syncRun('its re-run');
		checkRun(quiet);
		checkNothingWritten(quiet);
	});

	test('a platform whose customer search compares case (searchCase compared): the first sync creates each new contact once, finds the existing customers whose emails the CRM holds in another case, and its re-run writes nothing', async () => {
		await h.startPlatform({ searchCase: 'compared' });
		h.clearSyncColumns();
		const result = await h.syncRun('first sync, a platform whose search compares case', {
			searchCase: 'compared',
		});
		checkRun(result);
		expect(result.figure.duplicates).toBe(0);
		// The seeded customers the CRM holds in another case than the platform are found by the address's other
		// spellings, never created again.
		for (const [id, intent] of h.intentOf)
			if (intent.seeded && !intent.carriesId)
				expect({ row: id, ...result.plan.byRow.get(id) }).toMatchObject({
					row: id,
					cid: intent.seeded,
				});
		// A row carrying its customer's ID from before, its email in another case than the platform's and its
		// company not the platform's: the search by the address as given finds nobody there, but the address's
		// other spellings find its customer, so it is updated on its ID as on a platform ignoring case.
		const [carrying] = [...h.intentOf].filter(
			([id, intent]) =>
				intent.carriesId &&
				h.contacts[id - 1].row.email !== h.contacts[id - 1].row.email.toLowerCase() &&
				!intent.newEmail,
		);
		expect(pickRow(result.rowsAfter, carrying[0])).toMatchObject({
			billing_cid: carrying[1].carriesId,
			sync_error: null,
		});
		expect(result.plan.byRow.get(carrying[0])).toMatchObject({ outcome: 'updated' });
		const again = await h.syncRun('its re-run, case compared', { searchCase: 'compared' });
		checkRun(again);
		checkNothingWritten(again);
	});

	test('a bad day: the first sync again on a fresh platform failing 2% 503, 1% 429, 1% lost answers: no row lost to a fault, no customer twice; its re-run writes nothing', async () => {
		// A fresh platform, and the CRM as before its first sync (its contacts as edited since).
		await h.startPlatform();
		h.clearSyncColumns();
		await h.platformCall('/__simulator/faults', BAD_DAY);
		const result = await h.syncRun('bad day (first sync, fresh platform)');
		const faults = (await h.platformCall('/__simulator/faults')).counts;
		h.figures[h.figures.length - 1].faults = faults;
		// Every kind of fault was met.
		expect(
			Math.min(faults.http503 ?? 0, faults.http429 ?? 0, faults.failAfterWrite ?? 0),
		).toBeGreaterThan(0);
		const unknowable = checkRun(result, { badDay: true });
		h.figures[h.figures.length - 1].unknowable = unknowable;
		expect(
			[...result.plan.byRow.values()].filter((p) => p.outcome === 'created').length,
		).toBeGreaterThan(900);

		// The re-run, the faults still on: what the bad day wrote back is right, so nothing is written again.
		const again = await h.syncRun('bad day re-run');
		const refaults = (await h.platformCall('/__simulator/faults')).counts;
		h.figures[h.figures.length - 1].faults = Object.fromEntries(
			Object.entries(refaults).map(([fault, n]) => [fault, n - (faults[fault] ?? 0)]),
		);
		h.figures[h.figures.length - 1].unknowable = checkRun(again, { badDay: true });
		checkNothingWritten(again);
	});
});

/** What each run cost and did, for the CI log: the table in docs/performance.md, then what failed and why. */
function report() {
	const seconds = (ms) => (ms === undefined ? '' : `${(ms / 1000).toFixed(1)} s`);
	const lines = [
		'| run | time | rows | created | updated | rewritten | unchanged | errors | requests | requests per row | writes sent | duplicates |',
		'|---|---|---|---|---|---|---|---|---|---|---|---|',
		...h.figures.map(
			(f) =>
				`| ${f.label} | ${seconds(f.executionMs)} | ${f.rows.toLocaleString('en')} | ${f.actions.created} | ` +
				`${f.actions.updated} | ${f.actions.rewritten} | ${f.actions.unchanged} | ${f.errors} | ` +
				`${f.requests.toLocaleString('en')} | ${(f.requests / f.rows).toFixed(3)} | ` +
				`${f.adds + f.updates} (${f.adds} adds, ${f.updates} updates) | ${f.duplicates} |`,
		),
	];
	log(
		`figures (${CONTACTS} contacts and those added; time: n8n's execution):\n${lines.join('\n')}`,
	);
	for (const f of h.figures) {
		const errors = {};
		for (const { json, ok } of f.items)
			if (!ok) errors[json.error.slice(0, 70)] = (errors[json.error.slice(0, 70)] ?? 0) + 1;
		log(
			`${f.label}: Create or Update ${f.nodeMs ?? '?'} ms, ${f.wallMs ?? '?'} ms wall; errors ${JSON.stringify(errors)}` +
				(f.faults
					? `; faults served ${JSON.stringify(f.faults)}; creates whose answer was lost, found by email: ${f.foundAfterLoss}`
					: '') +
				(f.unknowable
					? `; outcomes that cannot be known: ${f.unknowable.length ? f.unknowable.map((u) => `row ${u.row}: ${u.error}`).join(' | ') : 'none'}`
					: '') +
				(f.note ? `; ${f.note}` : ''),
		);
	}
}
