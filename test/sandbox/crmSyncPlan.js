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
 * Whether the platform may show the text `given` as `shown` (the node's check that a value it wrote is still what
 * the platform holds): equal but for case, runs of spaces and Unicode forms.
 */
const mayShowAs = (shown, given) => {
	const loose = (value) =>
		String(value ?? '')
			.normalize('NFC')
			.replace(/\s+/g, ' ')
			.trim()
			.toLowerCase();
	return loose(shown) === loose(given);
};

/** An address Bulk Email takes as a recipient's (the simulator's rule): the preview lists only those. */
const MAILABLE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * What the platform answers the node about the customers, by the spec's reads and the platform's traits: the
 * customer list (active customers), a search by email as given (`searchCase`: the platform ignores case or
 * compares it; the node keeps the records with the email, ignoring case), and the email Bulk Email's preview shows
 * for an ID (an active customer with a mailable address; the test's key has the capability).
 */
function platformOf(customers, { searchCase = 'ignored' } = {}) {
	const finds = (stored, value) =>
		searchCase === 'ignored'
			? String(stored ?? '')
					.toLowerCase()
					.includes(value.toLowerCase())
			: String(stored ?? '').includes(value);
	return {
		listed: (cid) => customers.find((c) => c.cid === cid && c.active),
		withEmail: (email) =>
			customers.filter((c) => finds(c.email, email.trim()) && sameEmail(c.email, email)),
		// The node's thorough search (before a create, or for a row with an ID): the address in its other cases and
		// the row's company and names, so it finds a customer holding the email in another case whatever the trait.
		withEmailAnyCase: (email) => customers.filter((c) => sameEmail(c.email, email)),
		heldEmail: (cid) => {
			const customer = customers.find((c) => c.cid === cid && c.active);
			return customer && MAILABLE.test(String(customer.email)) ? customer.email : undefined;
		},
	};
}

const NOT_LISTED = 'is not on the platform’s customer list';
const RENAMED = 'company on the platform is';
// The node's words for a twin (customer.upsertLookup.ts, noTwin); the plan held an earlier wording, unseen until a
// CI run's two workers made a twin of a row that has its ID.
const TWIN = 'another made at the same time (by another n8n worker, in queue mode)';

/**
 * What the customer list says of customer `cid`, which the row names: not on it (removed, or made inactive), or
 * holding another company than the row's (`company`, where the row gives one: renamed on the platform, or its ID
 * now another customer's). Undefined when it says nothing against the row.
 */
function listedAgainst(platform, cid, company) {
	const listed = platform.listed(cid);
	if (!listed) return { outcome: 'error', error: `Customer ${cid} ${NOT_LISTED}` };
	if (!blank(company) && !mayShowAs(listed.company, company))
		return { outcome: 'error', error: `Customer ${cid}’s ${RENAMED}` };
	return undefined;
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
		// A customer whose create's ID the run never told (its answer lost) last: the test sets it aside.
		customers: customers
			.map((c) => ({ ...c, cid: real(c.cid) }))
			.sort((a, b) => (a.cid ?? Infinity) - (b.cid ?? Infinity)),
	};
}

/**
 * A row carrying its customer's ID and the fingerprint of what it last synced (`then`: the values it gave then): it
 * is compared with those values, not with the platform. First the customer list is asked what the CRM cannot know:
 * the customer gone or inactive, or its company there not the row's (unless the row changed it); a customer whose
 * company another listed customer has costs a search by the email, and a second customer holding it (made by
 * another worker) stops the row. Nothing changed: unchanged, nothing sent. Something changed: exactly those fields
 * are written to the ID's customer; a new email only where no customer found with it is another (or one the node
 * cannot tell from the ID's customer).
 */
function sinceLastSync(known, body, then, customers, platform) {
	const changed = Object.keys(body).filter((field) => !sameGiven(field, then[field], body[field]));
	const against = listedAgainst(
		platform,
		known,
		changed.includes('company') ? undefined : body.company,
	);
	if (against) return against;
	// The email the ID's customer holds (Bulk Email's preview): the row's, or the one it last gave where it changed;
	// another means the ID is now another customer's (a reset handing IDs out again), whatever its company.
	const held = platform.heldEmail(known);
	const gave = changed.includes('email') ? then.email : body.email;
	if (held !== undefined && !sameEmail(held, gave))
		return { outcome: 'error', error: `Customer ${known} holds the email ${held} on the platform` };
	const company = platform.listed(known).company;
	const twins =
		!blank(company) &&
		customers.some((c) => c.active && c.cid !== known && mayShowAs(c.company, company));
	if (twins && platform.withEmail(body.email).length > 1) return { outcome: 'error', error: TWIN };
	if (changed.length === 0) return { outcome: 'unchanged', cid: known, fingerprinted: true };
	if (changed.includes('email')) {
		const holders = platform.withEmail(body.email);
		if (holders.some((c) => c.cid !== known || !provable(c, customers)))
			return { outcome: 'error', error: `The email ${body.email} is another customer’s` };
	}
	return { outcome: 'updated', cid: known, written: changed, changed, fingerprinted: true };
}

/**
 * A row carrying its customer's ID and no fingerprint (or none the run can use): the search by its email (two
 * customers stop the row), the customer list (the ID's customer gone or inactive stops it; so does, where no
 * customer has the email, a company there that is not the row's), a record with the email proven another
 * customer's by the list's company. Where the list cannot tell the record is the ID's customer, the email the
 * platform holds for the ID (Bulk Email's preview) proves or refuses it. Something differs: the whole row is
 * written, `changed` naming what differed. Nothing seems to differ: unchanged once the record is proven the ID's
 * customer's; with no record to compare, the whole row is rewritten.
 */
function byKnownId(known, body, customers, platform) {
	const found = platform.withEmailAnyCase(body.email);
	if (found.length > 1)
		return { outcome: 'error', error: `${found.length} customers have the email ${body.email}` };
	const [record] = found;
	const against = listedAgainst(platform, known, record ? undefined : body.company);
	if (against) return against;
	const listed = platform.listed(known);
	if (record && String(record.company ?? '').trim() !== String(listed.company ?? '').trim())
		return { outcome: 'error', error: `The email ${body.email} is another customer’s` };
	const told = record && provable(record, customers) ? record.cid : undefined;
	const held = told !== known ? platform.heldEmail(known) : undefined;
	if (held !== undefined && !sameEmail(held, body.email))
		return { outcome: 'error', error: `Customer ${known} has the email ${held} on the platform` };
	const all = Object.keys(body);
	if (!record) return { outcome: 'rewritten', cid: known, written: all, unproven: true };
	const changed = changedFields(record, body);
	if (changed.length) return { outcome: 'updated', cid: known, written: all, changed };
	if (told === known || held !== undefined) return { outcome: 'unchanged', cid: known };
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
 * `lastSynced(row)`: `{body, cid}`, the values (as `bodyOf` gives them) the row gave when the fingerprint it carries
 * was output, and the customer it was output for; the test keeps them from the runs it watched, so the plan never
 * reads a fingerprint. `searchCase`: whether the platform's customer search ignores case (`ignored`) or compares
 * it (`compared`).
 */
function planSync(
	rows,
	customersBefore,
	{ lastSynced = () => undefined, deptid = 1, searchCase = 'ignored' } = {},
) {
	const customers = customersBefore.filter((c) => c.deptid === deptid).map((c) => ({ ...c }));
	const platform = platformOf(customers, { searchCase });
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
		const synced = blank(row.billing_fingerprint) ? undefined : lastSynced(row);
		if (!blank(row.billing_fingerprint) && !synced)
			throw new Error(`row ${row.id} carries a fingerprint the test did not see written`);
		// A fingerprint written for another customer (the row's ID changed since) is no evidence.
		if (known !== undefined && synced?.cid === known)
			plan = sinceLastSync(known, body, synced.body, customers, platform);
		else if (known !== undefined) plan = byKnownId(known, body, customers, platform);
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
	NOT_LISTED,
	RENAMED,
	TWIN,
	SHOWN,
	bodyOf,
	mayShowAs,
	planSync,
	refusalOf,
	sameEmail,
	withCreatedIds,
};
