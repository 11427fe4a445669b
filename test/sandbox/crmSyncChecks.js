// The CRM end-to-end test's assertions on one run (a record from crmSyncHarness.js), in jest's `expect`:
// - checkRun: n8n's items, the write requests, the platform's customers and the CRM's rows against the plan of what
//   the node's rules say (crmSyncPlan.js);
// - checkPromises: what the package promises whatever its rules, so a rule that models a flaw cannot hide it: no
//   customer made twice, no row `unchanged` whose customer is gone (or no longer holds the row's email), nothing
//   written to a customer no row's item names;
// - checkNothingWritten, checkOnlyEdited: the re-run and edit runs' narrower claims.
const { FIELDS, SHOWN, bodyOf, sameEmail } = require('./crmSyncPlan.js');
const { duplicatesOf, emailKey, sorted } = require('./crmSyncHarness.js');

/**
 * What an item says when its outcome cannot be known (a create made, its ID not told; one that may still land):
 * the only failures a bad day may add to the plan's.
 */
const UNKNOWABLE =
	/cannot be told|may or may not have been carried out|could not confirm|may still land/;

const FIELD_OF = Object.fromEntries(
	Object.entries(FIELDS).map(([field, column]) => [column, field]),
);
FIELD_OF.email = 'email';

/** What the test compares of a customer: the fields the workflow maps, as text. */
const held = (c) => ({
	cid: c.cid,
	...Object.fromEntries([...SHOWN, 'phone'].map((f) => [f, String(c[f] ?? '')])),
});

/**
 * The checks every run must pass, whatever changed before it. On a bad day the platform's faults may send a
 * request again (a write only where that is harmless) and may leave a row whose outcome cannot be known: such a
 * row must say so; it is listed, and the customer it may have made is allowed (once). Returns those rows.
 */
function checkRun(
	{ run, plan, items, rowsBefore, rowsAfter, customersAfter, requests, adds, updates },
	{ badDay = false } = {},
) {
	expect(run.status).toBe('success');
	// First what the package promises whatever its rules: a rule the plan shares with the node cannot hide it.
	checkPromises(arguments[0]);
	// Every contact comes out once, on the output its plan says, paired to its own row.
	expect(sorted(items.map((item) => item.row.id))).toEqual(sorted(rowsBefore.map((r) => r.id)));
	const unknowable = [];
	for (const { row, json, ok } of items) {
		const planned = plan.byRow.get(row.id);
		const planFails = ['refused', 'error'].includes(planned.outcome);
		if (!ok && badDay && !planFails) {
			unknowable.push({ row: row.id, error: json.error });
			continue;
		}
		const writes = ['updated', 'rewritten'].includes(planned.outcome);
		if (ok)
			expect({
				row: row.id,
				action: json.action,
				cid: json.cid,
				written: json.written && sorted(json.written),
				changed: json.changed && sorted(json.changed),
			}).toEqual({
				row: row.id,
				action: planned.outcome,
				cid: planned.cid,
				written: writes ? sorted(planned.written) : undefined,
				changed: writes && planned.changed ? sorted(planned.changed) : undefined,
			});
		// A refusal before sending has its own words; a failure after asking the platform says what it found.
		else
			expect({ row: row.id, error: json.error }).toEqual({
				row: row.id,
				error:
					planned.outcome === 'refused'
						? planned.error
						: expect.stringContaining(planned.error ?? '(planned to succeed)'),
			});
		// Every success with a customer ID carries the fingerprint of the row's values.
		if (ok && json.cid)
			expect({ row: row.id, fingerprint: json.fingerprint }).toEqual({
				row: row.id,
				fingerprint: expect.stringMatching(/^v1\.[A-Za-z0-9_.-]*$/),
			});
		// An update says why it wrote what the customer may already hold, and a rewrite why nothing was compared.
		if (ok && String(json.written) === 'phone' && !planned.fingerprinted)
			expect(json.why).toMatch(/^phone is not shown back by the platform’s customer search/);
		if (ok && planned.fingerprinted && planned.outcome === 'updated')
			expect(json.why).toMatch(/Last Written Fingerprint/);
		if (ok && planned.outcome === 'rewritten')
			expect(json.why).toMatch(/could not be proven to be customer|no customer has the email/);
	}
	expect({ unknowable: unknowable.filter((u) => !UNKNOWABLE.test(u.error)) }).toEqual({
		unknowable: [],
	});
	const unknown = new Set(unknowable.map((u) => u.row));
	const unknownEmails = new Set(
		rowsBefore.filter((r) => unknown.has(r.id)).map((r) => emailKey(r.email)),
	);

	// What reached the platform: one add per customer created, one update per customer updated or rewritten,
	// each carrying exactly the fields planned. On a bad day a request the platform failed is sent again.
	const planned = [...plan.byRow.entries()]
		.filter(([rowId]) => !unknown.has(rowId))
		.map(([, p]) => p);
	const addEmails = adds.map((r) => String(r.body.email).toLowerCase());
	const createdEmails = rowsBefore
		.filter((r) => plan.byRow.get(r.id).outcome === 'created')
		.map((r) => emailKey(r.email));
	const updateKeys = updates.map(
		(r) => `${r.path.split('/').pop()} ${sorted(Object.keys(r.body))}`,
	);
	const plannedUpdates = planned
		.filter((p) => ['updated', 'rewritten'].includes(p.outcome) && p.written.length)
		.map((p) => `${p.cid} ${sorted(p.written)}`);
	if (!badDay) {
		expect(sorted(addEmails)).toEqual(sorted(createdEmails));
		expect(sorted(updateKeys)).toEqual(sorted(plannedUpdates));
	} else {
		expect(sorted(new Set(addEmails))).toEqual(sorted(new Set(createdEmails)));
		// An update is sent again after a fault (it sets the same values): the same updates, some more than once.
		expect(sorted(new Set(updateKeys))).toEqual(sorted(new Set(plannedUpdates)));
	}

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

	// The platform holds what the plan says, every customer of the department, and no email twice that was not
	// twice before; a customer a row of unknown outcome may have made aside.
	const mayHaveMade = (c) => unknownEmails.has(emailKey(c.email));
	const department = customersAfter
		.filter((c) => c.deptid === 1 && !mayHaveMade(c))
		.sort((a, b) => a.cid - b.cid);
	expect(department.map(held)).toEqual(plan.customers.filter((c) => !mayHaveMade(c)).map(held));

	// Each row is synced (its billing ID and fingerprint written back, its customer holding its values, or the
	// first row's of its email) or carries its own error; a success whose customer's ID cannot be told keeps the
	// row's ID and carries how to link it; nothing else was written to it.
	const after = new Map(rowsAfter.map((r) => [r.id, r]));
	for (const row of rowsBefore) {
		const planned = plan.byRow.get(row.id);
		const now = after.get(row.id);
		const item = items.find((i) => i.row.id === row.id);
		if (planned.cid !== undefined && !unknown.has(row.id)) {
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
				cid: (item.ok ? item.json.cid : undefined) ?? row.billing_cid,
				error: item.ok ? (item.json.cid ? null : (item.json.why ?? null)) : item.json.error,
			});
			if (item.ok && !item.json.cid)
				expect({ row: row.id, why: item.json.why }).toEqual({
					row: row.id,
					why: expect.stringContaining('To link the row'),
				});
		}
		// The fingerprint written back is the item's; a failed row keeps the one it had. Unchanged values give
		// the same fingerprint, changed ones another.
		expect({ row: row.id, fingerprint: now.billing_fingerprint }).toEqual({
			row: row.id,
			fingerprint: (item.ok ? item.json.fingerprint : undefined) ?? row.billing_fingerprint,
		});
		if (item.ok && planned.fingerprinted)
			expect({ row: row.id, same: now.billing_fingerprint === row.billing_fingerprint }).toEqual({
				row: row.id,
				same: planned.outcome === 'unchanged',
			});
	}
	return unknowable;
}

/**
 * What the package promises of any run, checked against the platform itself rather than the plan:
 * - no email held by two customers of the department that was not already (`allowedTwice`: emails a run of
 *   another process may have made twice, which the rows then name);
 * - a row `unchanged` with a customer ID names a customer that is still there, active, and holds the row's email;
 * - every customer whose fields changed is one a successful item of the run names (created, updated or
 *   rewritten), and held before the run the row's email or the email the row last synced: nothing reaches a
 *   customer the row is not.
 */
function checkPromises(
	{ items, customersBefore, customersAfter, lastSyncedBefore = new Map() },
	{ allowedTwice = new Set() } = {},
) {
	const twiceBefore = new Set(duplicatesOf(customersBefore).keys());
	const twice = [...duplicatesOf(customersAfter).keys()].filter(
		(email) => !twiceBefore.has(email) && !allowedTwice.has(email),
	);
	const byCid = new Map(customersAfter.map((c) => [c.cid, c]));
	const gone = items
		.filter(({ ok, json }) => ok && json.action === 'unchanged' && json.cid)
		.filter(({ row, json }) => {
			const customer = byCid.get(json.cid);
			return !customer?.active || customer.deptid !== 1 || !sameEmail(customer.email, row.email);
		})
		.map(({ row, json }) => ({
			row: row.id,
			cid: json.cid,
			customer: byCid.has(json.cid)
				? `${byCid.get(json.cid).email}${byCid.get(json.cid).active ? '' : ' (inactive)'}`
				: 'none',
		}));
	const before = new Map(customersBefore.map((c) => [c.cid, c]));
	const writers = new Map();
	for (const { row, json, ok } of items)
		if (ok && ['created', 'updated', 'rewritten'].includes(json.action) && json.cid)
			writers.set(json.cid, [...(writers.get(json.cid) ?? []), row]);
	const changed = customersAfter.filter(
		(c) => before.has(c.cid) && JSON.stringify(held(c)) !== JSON.stringify(held(before.get(c.cid))),
	);
	const stray = changed
		.filter((c) => {
			const rows = writers.get(c.cid) ?? [];
			const was = before.get(c.cid).email;
			return !rows.some(
				(row) =>
					sameEmail(was, row.email) || sameEmail(was, lastSyncedBefore.get(row.id)?.body.email),
			);
		})
		.map((c) => ({ cid: c.cid, was: held(before.get(c.cid)), now: held(c) }));
	// One assertion, so a failure shows every broken promise of the run at once.
	expect({ madeTwice: twice, unchangedButGone: gone, writtenToAnotherCustomer: stray }).toEqual({
		madeTwice: [],
		unchangedButGone: [],
		writtenToAnotherCustomer: [],
	});
}

/** Nothing to write: no add, no update, and at most 1.2 requests a row. */
function checkNothingWritten({ items, adds, updates, requests, rowsBefore }) {
	expect(adds.length + updates.length).toBe(0);
	expect(items.filter((i) => i.ok && i.json.action !== 'unchanged').map((i) => i.json)).toEqual([]);
	expect(requests.length / rowsBefore.length).toBeLessThanOrEqual(1.2);
}

/**
 * The rows edited (or added) before a run are the only ones written, each as the CRM user changed it: an edited
 * row's item names exactly the fields edited, in `changed` and `written`, and its update sends exactly those.
 */
function checkOnlyEdited({ items, adds, updates, plan }, changes, added = []) {
	const edits = new Map(
		changes.map(({ id, set }) => [id, sorted(Object.keys(set).map((c) => FIELD_OF[c]))]),
	);
	const writers = items.filter((i) => i.ok && i.json.action !== 'unchanged');
	expect(sorted(writers.map((i) => i.row.id))).toEqual(sorted([...edits.keys(), ...added]));
	for (const { row, json } of writers)
		if (edits.has(row.id))
			expect({
				row: row.id,
				action: json.action,
				changed: sorted(json.changed),
				written: sorted(json.written),
			}).toEqual({
				row: row.id,
				action: 'updated',
				changed: edits.get(row.id),
				written: edits.get(row.id),
			});
		else expect({ row: row.id, action: json.action }).toEqual({ row: row.id, action: 'created' });
	expect(adds).toHaveLength(added.length);
	expect(
		sorted(updates.map((r) => `${r.path.split('/').pop()} ${sorted(Object.keys(r.body))}`)),
	).toEqual(sorted(changes.map(({ id, set }) => `${plan.byRow.get(id).cid} ${edits.get(id)}`)));
}

module.exports = {
	FIELD_OF,
	UNKNOWABLE,
	checkNothingWritten,
	checkOnlyEdited,
	checkPromises,
	checkRun,
};
