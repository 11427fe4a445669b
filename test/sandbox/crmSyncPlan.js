// What one run of the CRM-to-billing sync must do to each CRM row, worked out from the rows and the platform's
// customers before the run, by the node's documented rules (docs/operations.md, Customer: Create or Update),
// without running it: refused before sending, an error, created, updated (which fields), rewritten (every field,
// nothing could be compared) or unchanged, and the customers as the platform must hold them afterwards. A row
// carrying its customer's ID and a fingerprint is compared with the values it gave when it was last synced (the
// test remembers them; the plan never decodes a fingerprint). The end-to-end test compares n8n's run with it.

/** The customer fields the workflow maps, by CRM column. */
const FIELDS = {
	company: 'company',
	name: 'first_name',
	surname: 'last_name',
	mobile: 'mobile',
	phone: 'phone',
	dob: 'dob',
};
/** What the platform's customer search shows back: a field it does not show cannot be compared with it. */
const SHOWN = ['company', 'name', 'surname', 'email', 'mobile', 'dob'];

const blank = (value) => value === null || value === undefined || String(value).trim() === '';

const EMAIL_REQUIRED = 'Email (email) is required';
const NOT_AN_EMAIL = 'Email (email) must be an email address such as name@email.com';
const BAD_DOB = 'Date of Birth (dob) must be a real date in YYYY-MM-DD format';

function calendarDay(text) {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
	if (!match) return false;
	const [year, month, day] = match.slice(1).map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A CRM date as the platform takes it: a day, or a day at midnight (an export's datetime). */
const platformDay = (text) =>
	String(text)
		.trim()
		.replace(/T00:00:00$/, '');

/** Why the node refuses a row before sending anything, or undefined. */
function refusalOf(row) {
	const email = String(row.email ?? '').trim();
	if (email === '') return EMAIL_REQUIRED;
	if (!/^[^\s@]+@[^\s@]+$/.test(email)) return NOT_AN_EMAIL;
	if (!blank(row.dob) && !calendarDay(platformDay(row.dob))) return BAD_DOB;
	return undefined;
}

/** What the node sends for a row: every mapped column that is not blank, the email trimmed. */
function bodyOf(row) {
	const body = { email: String(row.email).trim() };
	for (const [field, column] of Object.entries(FIELDS))
		if (!blank(row[column])) body[field] = field === 'dob' ? platformDay(row[column]) : row[column];
	return body;
}

const sameEmail = (a, b) =>
	String(a ?? '')
		.trim()
		.toLowerCase() ===
	String(b ?? '')
		.trim()
		.toLowerCase();

/** The fields of `body` the customer does not visibly hold (phone is never shown, so always among them). */
function changedFields(customer, body) {
	if (!customer) return Object.keys(body);
	return Object.keys(body).filter((field) =>
		!SHOWN.includes(field)
			? true
			: field === 'email'
				? !sameEmail(customer.email, body.email)
				: String(customer[field]) !== String(body[field]),
	);
}

/**
 * Whether the node can tell from the strict platform which customer a search record is: its company is
 * exactly one customer's (outer spaces aside), active, and no other customer, listed or not, has it.
 */
function provable(customer, customers) {
	const company = String(customer.company ?? '').trim();
	if (company.length < 3) return false;
	const holders = customers.filter((c) => String(c.company ?? '').trim() === company);
	return holders.length === 1 && holders[0].active;
}

/**
 * Whether a search record with the row's email is proven another customer's than `cid`: its company is not the
 * one the customer list (active customers) shows for `cid`.
 */
function provenOthers(record, cid, customers) {
	const listed = customers.find((c) => c.cid === cid && c.active);
	return (
		listed !== undefined &&
		String(record.company ?? '').trim() !== String(listed.company ?? '').trim()
	);
}

/** A value the row gives now, as it gave it when last synced: outer spaces aside, an email in any case. */
const sameGiven = (field, then, now) =>
	then !== undefined &&
	(field === 'email' ? sameEmail(then, now) : String(then).trim() === String(now).trim());

/**
 * A customer the run creates, until the run says its ID: the platform numbers customers as their adds arrive,
 * and the node sends several at once.
 */
const newCid = (rowId) => `new for row ${rowId}`;

/** The plan with each created customer's ID as the run gave it (`cidOf(rowId)`, the row that created it). */
function withCreatedIds({ byRow, customers }, cidOf) {
	const ids = new Map();
	for (const [rowId, plan] of byRow)
		if (plan.outcome === 'created') ids.set(plan.cid, cidOf(rowId));
	const real = (cid) => (ids.has(cid) ? ids.get(cid) : cid);
	return {
		byRow: new Map([...byRow].map(([rowId, plan]) => [rowId, { ...plan, cid: real(plan.cid) }])),
		customers: customers.map((c) => ({ ...c, cid: real(c.cid) })).sort((a, b) => a.cid - b.cid),
	};
}

/**
 * A row carrying its customer's ID and the fingerprint of what it last synced (`then`: the values it gave
 * then): it is compared with those values, not with the platform. Nothing changed: unchanged, nothing sent.
 * Something changed: exactly those fields are written to the ID's customer; a new email only where no customer
 * found with it is another (or one the node cannot tell from the ID's customer).
 */
function sinceLastSync(known, body, then, customers) {
	const changed = Object.keys(body).filter((field) => !sameGiven(field, then[field], body[field]));
	if (changed.length === 0) return { outcome: 'unchanged', cid: known, fingerprinted: true };
	if (changed.includes('email')) {
		const holders = customers.filter((c) => sameEmail(c.email, body.email));
		if (holders.some((c) => c.cid !== known || !provable(c, customers)))
			return { outcome: 'error', error: `The email ${body.email} is another customer’s` };
	}
	return { outcome: 'updated', cid: known, written: changed, changed, fingerprinted: true };
}

/**
 * A row carrying its customer's ID and no fingerprint (or none the run can use): compared with the search record
 * of its email where that is proven this customer's. Something differs: the whole row is written, `changed`
 * naming what differed. Nothing seems to differ: unchanged once the record is proven the ID's customer's; else,
 * or with no record to compare, the whole row is rewritten.
 */
function byKnownId(known, body, customers) {
	const found = customers.filter((c) => sameEmail(c.email, body.email));
	if (found.length > 1)
		return { outcome: 'error', error: `${found.length} customers have the email ${body.email}` };
	const [record] = found;
	if (record && provenOthers(record, known, customers))
		return { outcome: 'error', error: `The email ${body.email} is another customer’s` };
	const all = Object.keys(body);
	if (!record) return { outcome: 'rewritten', cid: known, written: all, unproven: true };
	const changed = changedFields(record, body);
	if (changed.length) return { outcome: 'updated', cid: known, written: all, changed };
	if (provable(record, customers) && record.cid === known)
		return { outcome: 'unchanged', cid: known };
	return { outcome: 'rewritten', cid: known, written: all, unproven: true };
}

/**
 * A row without an ID, matched by its email: several customers with it stop the row; one is updated with what it
 * does not visibly hold (once the node can tell which customer it is) or left unchanged; none, and it is created.
 */
function byEmail(row, body, customers) {
	const found = customers.filter((c) => sameEmail(c.email, body.email));
	if (found.length > 1)
		return { outcome: 'error', error: `${found.length} customers have the email` };
	if (found.length === 0)
		return { outcome: 'created', cid: newCid(row.id), written: Object.keys(body) };
	const written = changedFields(found[0], body);
	const told = provable(found[0], customers);
	if (written.length && !told) return { outcome: 'error', error: 'cannot be told' };
	return {
		outcome: written.length ? 'updated' : 'unchanged',
		cid: told ? found[0].cid : undefined,
		written,
	};
}

/**
 * The plan of one run: per row id `{outcome, cid, written, changed, error, unproven, sameAs, fingerprinted}`
 * and the customers as the platform must hold them after. `customersBefore` are the platform's, before the run.
 * `lastSynced(row)`: the values (as `bodyOf` gives them) the row gave when the fingerprint it carries was
 * output; the test keeps them from the runs it watched, so the plan never reads a fingerprint.
 */
function planSync(rows, customersBefore, { lastSynced = () => undefined, deptid = 1 } = {}) {
	const customers = customersBefore.filter((c) => c.deptid === deptid).map((c) => ({ ...c }));
	const byRow = new Map();
	const leads = new Map();
	for (const row of [...rows].sort((a, b) => a.id - b.id)) {
		const refusal = refusalOf(row);
		if (refusal) {
			byRow.set(row.id, { outcome: 'refused', error: refusal });
			continue;
		}
		const body = bodyOf(row);
		const key = body.email.toLowerCase();
		const known = row.billing_cid ?? undefined;
		const lead = leads.get(key);
		if (lead && (known === undefined || known === lead.cid)) {
			// A later row of the run with the same email: the first row's values stand.
			const adds = Object.keys(body).filter((field) => !(field in lead.body));
			if (adds.length)
				throw new Error(
					`row ${row.id} would add ${adds} to row ${lead.row}: the plan covers no such row`,
				);
			byRow.set(row.id, { outcome: 'unchanged', cid: lead.cid, sameAs: lead.row });
			continue;
		}
		if (lead) throw new Error(`row ${row.id} carries another ID than row ${lead.row}: not planned`);
		let plan;
		if (known !== undefined && !blank(row.billing_fingerprint)) {
			const then = lastSynced(row);
			if (!then)
				throw new Error(`row ${row.id} carries a fingerprint the test did not see written`);
			plan = sinceLastSync(known, body, then, customers);
		} else if (known !== undefined) plan = byKnownId(known, body, customers);
		else plan = byEmail(row, body, customers);
		if (plan.outcome === 'created')
			customers.push({ cid: plan.cid, deptid, active: true, company: '', ...body });
		else if (plan.written?.length) {
			const customer = customers.find((c) => c.cid === plan.cid);
			for (const field of plan.written) customer[field] = body[field];
		}
		if (plan.cid !== undefined) leads.set(key, { row: row.id, cid: plan.cid, body });
		byRow.set(row.id, plan);
	}
	return { byRow, customers };
}

module.exports = {
	BAD_DOB,
	EMAIL_REQUIRED,
	FIELDS,
	NOT_AN_EMAIL,
	SHOWN,
	bodyOf,
	planSync,
	refusalOf,
	sameEmail,
	withCreatedIds,
};
