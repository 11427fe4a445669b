// The package's main job end to end: a CRM in PostgreSQL (Debian's, a cluster of the test's own on a free port)
// synced to the billing platform by a workflow a user would build, in a real n8n run three times with
// `n8n execute`: Manual Trigger → Postgres Select (1,000 messy contacts, test/sandbox/crmContacts.js) →
// Customer Create or Update (matched on the billing ID written back, else on email; Continue (using error
// output)) → Postgres write-backs: the customer's ID on success, the error on the contact's own row otherwise.
// The simulator (strict: its search records carry no customer ID) sits behind a recorder, so the test sees
// every request that reached the platform. Between runs a few contacts change, as they do in a CRM.
// After each run, n8n's items, the requests, the platform's customers and the CRM's rows are compared with the
// plan of what the node's rules say must happen (test/sandbox/crmSyncPlan.js).
// Newest supported line only (the Postgres node is n8n's; the package's node is the same on every line).
// TELCO_E2E_KEEP=1 keeps the temporary folders (n8n's, PostgreSQL's and its log).
const { chmodSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const {
	ensureN8n,
	executeOutput,
	n8nCli,
	n8nCliAsync,
	n8nEnv,
	requestedVersion,
} = require('../sandbox/n8n.js');
const { NEWEST } = require('../sandbox/n8n-lines.js');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');
const { freePort } = require('../sandbox/waiting.js');
const { psql, queryRows, startPostgres } = require('../sandbox/postgres.js');
const { startRecorder } = require('../sandbox/recorder.js');
const { CONTACTS_TABLE, crmContacts, insertSql, literal } = require('../sandbox/crmContacts.js');
const { SYNC, crmSyncCredentials, crmSyncWorkflow } = require('../sandbox/crmSyncWorkflow.js');
const {
	SHOWN,
	bodyOf,
	planSync,
	refusalOf,
	sameEmail,
	withCreatedIds,
} = require('../sandbox/crmSyncPlan.js');

const KEY = 'demo-key-0001';
const WORKFLOW_ID = crmSyncWorkflow().id;
const line = requestedVersion([]);
const log = (text) => process.stderr.write(`[crm sync e2e] ${text}\n`);

let n8n;
let env;
let folder;
let pgFolder;
let postgres;
let simulator;
let recorder;
const contacts = crmContacts();
const intentOf = new Map(contacts.map(({ row, intent }) => [row.id, intent]));
/** Per run: the figures reported at the end. */
const figures = [];
/** Each run's plan, items and rows, for the checks that look across runs. */
const runs = [];

const sql = (text) => psql(postgres.port, text, { database: 'crm' });
const crmRows = () =>
	queryRows(postgres.port, 'SELECT * FROM crm.contacts ORDER BY id', { database: 'crm' });
const customers = async () =>
	(await (await fetch(`${simulator.url}/__simulator/state/customers`)).json()).records;
const sorted = (list) => [...list].sort();

/** One `n8n execute` of the sync, with what it did: the plan beside it, its items, requests and rows. */
async function syncRun(label) {
	const rowsBefore = crmRows();
	const customersBefore = await customers();
	const planned = planSync(rowsBefore, customersBefore);
	const first = recorder.seen.length;
	const started = Date.now();
	const stdout = await n8nCliAsync(n8n, ['execute', `--id=${WORKFLOW_ID}`, '--rawOutput'], env);
	const wallMs = Date.now() - started;
	const { run, runData } = executeOutput(stdout);
	const [succeeded = [], failed = []] = runData[SYNC]?.[0]?.data?.main ?? [];
	// Each item with the CRM row it is paired to (n8n's pairing is what the write-backs use too).
	const rowOf = (item) => rowsBefore[item.pairedItem.item];
	const items = [
		...succeeded.map((item) => ({ row: rowOf(item), json: item.json, ok: true })),
		...failed.map((item) => ({ row: rowOf(item), json: item.json, ok: false })),
	];
	const requests = recorder.seen.slice(first);
	// A customer created gets the ID the platform gave it: new, and one customer's.
	const created = items.filter((i) => i.ok && i.json.action === 'created').map((i) => i.json.cid);
	expect(
		created.every((cid) => Number.isInteger(cid) && !customersBefore.some((c) => c.cid === cid)),
	).toBe(true);
	expect(new Set(created).size).toBe(created.length);
	const plan = withCreatedIds(planned, (rowId) => items.find((i) => i.row.id === rowId)?.json.cid);
	const result = {
		label,
		run,
		plan,
		items,
		rowsBefore,
		rowsAfter: crmRows(),
		customersBefore,
		customersAfter: await customers(),
		requests,
		adds: requests.filter((r) => r.line.endsWith('/customer/add')),
		updates: requests.filter((r) => r.method === 'POST' && r.path.includes('/customer/update/')),
	};
	runs.push(result);
	figures.push({
		label,
		executionMs: new Date(run.stoppedAt).getTime() - new Date(run.startedAt).getTime(),
		nodeMs: runData[SYNC]?.[0]?.executionTime,
		wallMs,
		requests: requests.length,
		adds: result.adds.length,
		updates: result.updates.length,
		items,
	});
	return result;
}

/** The checks every run must pass, whatever changed before it. */
function checkRun({
	run,
	plan,
	items,
	rowsBefore,
	rowsAfter,
	customersAfter,
	requests,
	adds,
	updates,
}) {
	expect(run.status).toBe('success');
	// Every contact comes out once, on the output its plan says, paired to its own row.
	expect(sorted(items.map((item) => item.row.id))).toEqual(sorted(rowsBefore.map((r) => r.id)));
	for (const { row, json, ok } of items) {
		const planned = plan.byRow.get(row.id);
		if (ok)
			expect({
				row: row.id,
				action: json.action,
				cid: json.cid,
				written: json.written && sorted(json.written),
			}).toEqual({
				row: row.id,
				action: planned.outcome,
				cid: planned.cid,
				written: planned.outcome === 'updated' ? sorted(planned.written) : undefined,
			});
		// A refusal before sending has its own words; a failure after asking the platform names the email.
		else
			expect({ row: row.id, error: json.error }).toEqual({
				row: row.id,
				error:
					planned.outcome === 'refused'
						? planned.error
						: expect.stringContaining(planned.error ?? '(planned to succeed)'),
			});
		// An update says why it wrote what the customer may already hold.
		if (ok && String(json.written) === 'phone')
			expect(json.why).toMatch(/^phone is not shown back by the platform’s customer search/);
		if (ok && planned.unproven) expect(json.why).toMatch(/could not be proven to be customer/);
	}

	// What reached the platform: one add per customer created, one update per customer updated, each carrying
	// exactly the fields planned.
	const planned = [...plan.byRow.values()];
	expect(adds).toHaveLength(planned.filter((p) => p.outcome === 'created').length);
	const updated = planned.filter((p) => p.outcome === 'updated');
	expect(
		sorted(updates.map((r) => `${r.path.split('/').pop()} ${sorted(Object.keys(r.body))}`)),
	).toEqual(sorted(updated.map((p) => `${p.cid} ${sorted(p.written)}`)));

	// A refused row sent nothing: its email (where no other contact's contains it) is in no request, and no
	// customer has it.
	const refused = rowsBefore.filter((r) => plan.byRow.get(r.id).outcome === 'refused');
	for (const row of refused) {
		const email = String(row.email ?? '').trim();
		const elsewhere = rowsBefore.some((r) => r.id !== row.id && String(r.email).includes(email));
		if (email.length < 3 || elsewhere) continue;
		const mentions = requests.filter((r) =>
			`${decodeURIComponent(r.path)} ${JSON.stringify(r.body ?? {})}`.includes(email),
		);
		expect({ row: row.id, mentions }).toEqual({ row: row.id, mentions: [] });
		expect(customersAfter.filter((c) => sameEmail(c.email, email))).toEqual([]);
	}

	// The platform holds what the plan says, every customer of the department, and no email twice.
	const held = (c) => ({
		cid: c.cid,
		...Object.fromEntries([...SHOWN, 'phone'].map((f) => [f, String(c[f] ?? '')])),
	});
	const department = customersAfter.filter((c) => c.deptid === 1).sort((a, b) => a.cid - b.cid);
	expect(department.map(held)).toEqual(plan.customers.map(held));
	const emails = department.map((c) => c.email.trim().toLowerCase()).filter(Boolean);
	expect(emails.length - new Set(emails).size).toBe(0);

	// Each row is synced (its billing ID written back, its customer holding its values, or the first row's of its
	// email) or carries its own error; nothing else was written to it.
	const after = new Map(rowsAfter.map((r) => [r.id, r]));
	for (const row of rowsBefore) {
		const planned = plan.byRow.get(row.id);
		const now = after.get(row.id);
		const item = items.find((i) => i.row.id === row.id);
		if (planned.cid !== undefined) {
			expect({ row: row.id, cid: now.billing_cid, error: now.sync_error }).toEqual({
				row: row.id,
				cid: planned.cid,
				error: null,
			});
			const source = planned.sameAs ? rowsBefore.find((r) => r.id === planned.sameAs) : row;
			const customer = customersAfter.find((c) => c.cid === planned.cid);
			const body = bodyOf(source);
			expect({ row: row.id, ...held(customer), email: customer.email.toLowerCase() }).toEqual({
				row: row.id,
				...held(customer),
				...Object.fromEntries(Object.entries(body).map(([f, v]) => [f, String(v)])),
				email: body.email.toLowerCase(),
			});
		} else {
			expect({ row: row.id, cid: now.billing_cid, error: now.sync_error }).toEqual({
				row: row.id,
				cid: row.billing_cid,
				error: item.json.error,
			});
		}
		expect(now.billing_cid !== null || now.sync_error !== null).toBe(true);
	}
}

/** The first contact that matches, among rows not edited yet: the edits below pick their rows by what they hold. */
const edited = new Set();
function pick(rows, what, test) {
	const found = rows.find((row) => !edited.has(row.id) && test(row, intentOf.get(row.id) ?? {}));
	if (!found) throw new Error(`no contact is ${what}`);
	edited.add(found.id);
	return found;
}
/** A synced contact no other contact shares a company or email with, with no phone: an edit is its only change. */
const plainSynced = (rows) => (row, intent) =>
	row.billing_cid !== null &&
	row.phone === null &&
	Object.keys(intent).length === 0 &&
	row.company !== null &&
	rows.filter((r) => r.company?.trim() === row.company.trim()).length === 1;

/** Applies edits as a CRM user makes them; returns what each changed. */
function edit(changes) {
	for (const { id, set } of changes)
		sql(
			`UPDATE crm.contacts SET ${Object.entries(set)
				.map(([column, value]) => `${column} = ${literal(value)}`)
				.join(', ')} WHERE id = ${id};`,
		);
	return changes;
}

function insert(row) {
	const columns = Object.keys(row);
	return Number(
		sql(
			`INSERT INTO crm.contacts (${columns.join(', ')}) VALUES (${columns.map((c) => literal(row[c])).join(', ')}) RETURNING id;`,
		).trim(),
	);
}

(line === NEWEST ? describe : describe.skip)(`CRM to billing sync on n8n ${NEWEST}`, () => {
	beforeAll(async () => {
		n8n = await ensureN8n({ version: line, log });
		log(`n8n ${n8n.version}, Node ${n8n.nodeVersion}`);
		folder = mkdtempSync(join(tmpdir(), 'n8n-telco-crm-'));
		pgFolder = mkdtempSync(join(tmpdir(), 'n8n-telco-crm-pg-'));
		chmodSync(pgFolder, 0o755);
		postgres = await startPostgres(pgFolder);
		psql(postgres.port, 'CREATE DATABASE crm;');
		sql(CONTACTS_TABLE + insertSql(contacts.map(({ row }) => row)));
		simulator = await spawnSimulator(ON_FREE_PORTS);
		recorder = await startRecorder(simulator.url, { key: KEY });
		log(
			`PostgreSQL on 127.0.0.1:${postgres.port} (${crmRows().length} contacts), simulator ${simulator.url}`,
		);
		env = n8nEnv(n8n, join(folder, 'n8n'), {
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			// `execute --rawOutput` prints the run at info.
			N8N_LOG_LEVEL: 'info',
		});
		const credentials = join(folder, 'credentials.json');
		const workflow = join(folder, 'workflow.json');
		writeFileSync(
			credentials,
			JSON.stringify(
				crmSyncCredentials({ postgresPort: postgres.port, billingUrl: recorder.url, apiKey: KEY }),
			),
		);
		writeFileSync(
			workflow,
			JSON.stringify([crmSyncWorkflow(), crmSyncWorkflow({ stopOnError: true })]),
		);
		n8nCli(n8n, ['import:credentials', `--input=${credentials}`], env);
		n8nCli(n8n, ['import:workflow', `--input=${workflow}`], env);
	});

	afterAll(async () => {
		report();
		recorder?.close();
		simulator?.child.kill('SIGTERM');
		await postgres?.stop();
		if (process.env.TELCO_E2E_KEEP) log(`kept ${folder} and ${pgFolder}`);
		else
			for (const path of [folder, pgFolder])
				if (path) rmSync(path, { recursive: true, force: true });
	});

	test('run 1: every contact is created, updated or refused on its own row; no email twice', async () => {
		const result = await syncRun('run 1 (first sync)');
		checkRun(result);
		const outcomes = [...result.plan.byRow.values()].map((p) => p.outcome);
		// The plan is not empty-handed: the CRM's mess is all there.
		expect(outcomes.filter((o) => o === 'created').length).toBeGreaterThan(900);
		expect(outcomes.filter((o) => o === 'refused').length).toBe(14);
		// The seeded customers whose emails the CRM holds are updated, never created again.
		for (const [id, intent] of intentOf)
			if (intent.seeded) expect(result.plan.byRow.get(id)).toMatchObject({ cid: intent.seeded });
		// The same person twice, the email in another case: one customer, the first row's values.
		for (const [id, intent] of intentOf)
			if (intent.duplicateOf)
				expect(result.rowsAfter.find((r) => r.id === id).billing_cid).toBe(
					result.rowsAfter.find((r) => r.id === intent.duplicateOf).billing_cid,
				);
		// Inactive on the platform: found by email, its ID cannot be told, so nothing is written.
		const inactive = [...intentOf].find(([, intent]) => intent.inactive)[0];
		expect(result.rowsAfter.find((r) => r.id === inactive).sync_error).toMatch(
			/^A customer has the email NOAH\.BROWN15@EXAMPLE\.COM, but the platform’s search gives no customer ID/,
		);
	});

	test('run 2, after a new mobile, a changed surname and email, a new contact and a fixed email: only those, and what is never shown back, are written', async () => {
		const rows = crmRows();
		const changes = edit([
			{ id: pick(rows, 'plain and synced', plainSynced(rows)).id, set: { mobile: '0499 000 001' } },
			{
				id: pick(rows, 'plain and synced', plainSynced(rows)).id,
				set: { last_name: "O'Sullivan" },
			},
			{
				id: pick(rows, 'plain and synced', plainSynced(rows)).id,
				set: { email: 'moved.house@crm.example.net' },
			},
			{
				id: pick(rows, 'refused for its email', (r, i) => i.refused === 'email' && r.email).id,
				set: { email: 'now.fixed@example.com' },
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
		const result = await syncRun('run 2 (four edits, one new contact)');
		checkRun(result);
		checkQuiet(result, [...changes.map((c) => c.id), added]);
		expect(result.plan.byRow.get(added)).toMatchObject({ outcome: 'created' });
	});

	test('run 3, after a new mobile where a company is shared, a fixed date, a new company and a second contact with a known email: the same', async () => {
		const rows = crmRows();
		const twin = pick(rows, 'plain and synced', plainSynced(rows));
		const changes = edit([
			{
				id: pick(
					rows,
					'at Coastal Electrical',
					(r, i) => i.shared === 'Coastal Electrical' && r.mobile?.trim(),
				).id,
				set: { mobile: '0499 000 002' },
			},
			{
				id: pick(rows, 'refused for its date', (r, i) => i.refused === 'dob').id,
				set: { dob: '1985-02-28' },
			},
			{
				id: pick(rows, 'plain and synced', plainSynced(rows)).id,
				set: { company: 'Kowalski & Daughters Pty Ltd' },
			},
		]);
		// The same person entered again by someone else: the email in capitals, not synced yet.
		const second = insert({
			...Object.fromEntries(
				['first_name', 'last_name', 'company', 'mobile', 'dob'].map((c) => [c, twin[c]]),
			),
			email: twin.email.trim().toUpperCase(),
		});
		const result = await syncRun('run 3 (three edits, one contact entered twice)');
		checkRun(result);
		checkQuiet(result, [...changes.map((c) => c.id), second]);
		expect(result.plan.byRow.get(second)).toEqual({
			outcome: 'unchanged',
			cid: twin.billing_cid,
			sameAs: twin.id,
		});
		expect(result.rowsAfter.find((r) => r.id === second).billing_cid).toBe(twin.billing_cid);
	});

	test('the same sync stopping at an error: a contact the node refuses stops it before anything reaches the platform', async () => {
		const rowsBefore = crmRows();
		const customersBefore = await customers();
		const refused = rowsBefore.filter((row) => refusalOf(row));
		expect(refused.length).toBeGreaterThan(0);
		const first = recorder.seen.length;
		const failure = await n8nCliAsync(
			n8n,
			['execute', `--id=${crmSyncWorkflow({ stopOnError: true }).id}`, '--rawOutput'],
			env,
		).then(
			(stdout) => stdout,
			(error) => String(error.message),
		);
		expect(failure).toContain(refusalOf(refused[0]));
		expect(recorder.seen.slice(first)).toEqual([]);
		expect(await customers()).toEqual(customersBefore);
		expect(crmRows()).toEqual(rowsBefore);
	});
});

/**
 * A run after a few edits writes what changed and what the platform never shows back (phone), nothing else:
 * every write is an edited contact's, a phone (and only the phone), or a customer the node could not prove
 * to be the row's (a company several customers share, or none: its item says so). Contacts sharing a company
 * sync without a refusal.
 */
function checkQuiet({ items, adds, updates, plan, rowsAfter }, changedIds) {
	const changed = new Set(changedIds);
	const writes = items.filter((i) => i.ok && ['created', 'updated'].includes(i.json.action));
	const kinds = { edited: 0, phone: 0, unproven: 0 };
	for (const { row, json } of writes) {
		if (changed.has(row.id)) kinds.edited++;
		else if (json.why && /could not be proven/.test(json.why)) kinds.unproven++;
		else {
			// Written whole (the row carries its ID), and it says the phone alone differed: never shown back.
			expect({ row: row.id, changed: json.changed, why: json.why }).toEqual({
				row: row.id,
				changed: ['phone'],
				why: expect.stringContaining('phone is not shown back'),
			});
			kinds.phone++;
		}
	}
	// Every synced contact with a phone and no other change is written once, for its phone.
	const phones = rowsAfter.filter((r) => {
		const p = plan.byRow.get(r.id);
		return (
			r.phone !== null && !changed.has(r.id) && p?.cid !== undefined && !p.sameAs && !p.unproven
		);
	}).length;
	expect(kinds.phone).toBe(phones);
	expect(kinds.edited + kinds.phone + kinds.unproven).toBe(adds.length + updates.length);
	expect(kinds.edited).toBe(
		[...changed].filter((id) => plan.byRow.get(id)?.written?.length).length,
	);
	figures[figures.length - 1].kinds = kinds;
	// Contacts who share a company stay synced to the customer of the first run.
	const first = new Map(runs[0].rowsAfter.map((r) => [r.id, r.billing_cid]));
	for (const [id, intent] of intentOf)
		if (intent.shared)
			expect(rowsAfter.find((r) => r.id === id)).toMatchObject({
				billing_cid: first.get(id),
				sync_error: null,
			});
}

/** What each run cost and did, for the CI log. */
function report() {
	for (const f of figures) {
		const count = (test) => f.items.filter(test).length;
		const refusals = {};
		for (const { json, ok } of f.items)
			if (!ok) refusals[json.error.slice(0, 70)] = (refusals[json.error.slice(0, 70)] ?? 0) + 1;
		log(
			`${f.label}: n8n execution ${f.executionMs} ms (Create or Update ${f.nodeMs} ms; n8n execute ${f.wallMs} ms wall); ` +
				`${f.requests} requests, ${f.adds + f.updates} writes (${f.adds} adds, ${f.updates} updates)` +
				`${f.kinds ? ` = ${f.kinds.edited} edited + ${f.kinds.phone} phone only + ${f.kinds.unproven} unproven` : ''}; ` +
				`items: ${count((i) => i.ok && i.json.action === 'created')} created, ${count((i) => i.ok && i.json.action === 'updated')} updated, ` +
				`${count((i) => i.ok && i.json.action === 'unchanged')} unchanged, ${count((i) => !i.ok)} errors: ${JSON.stringify(refusals)}`,
		);
	}
}
