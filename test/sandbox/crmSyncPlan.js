// What one run of the CRM-to-billing sync must do to each CRM row, worked out from the rows and the platform's
// customers before the run, by the node's documented rules (docs/operations.md, Customer: Create or Update),
// without running it: refused before sending, an error, created, updated (which fields) or unchanged, and the
// customers as the platform must hold them afterwards. The end-to-end test compares n8n's run with it.

/** The customer fields the workflow maps, by CRM column. */
const FIELDS = {
	company: 'company',
	name: 'first_name',
	surname: 'last_name',
	mobile: 'mobile',
	phone: 'phone',
	dob: 'dob',
};
/** What the platform's customer search shows back: a field it does not show is written on every run. */
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
 * The plan of one run: per row id `{outcome, cid, written, error, unproven}` and the customers as the
 * platform must hold them after. `customers` are the department's, before the run.
 */
function planSync(rows, customersBefore, deptid = 1) {
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
		const found = customers.filter((c) => sameEmail(c.email, body.email));
		let plan;
		if (known !== undefined) {
			const record = found.length === 1 ? found[0] : undefined;
			let written = changedFields(record, body);
			let unproven = false;
			// Something differs: the whole row is written to the ID's customer. Nothing seems to differ: unchanged
			// once the record is proven the ID's customer's, else the whole row too.
			if (written.length) written = Object.keys(body);
			else if (!(provable(record, customers) && record.cid === known)) {
				written = Object.keys(body);
				unproven = true;
			}
			plan = { outcome: written.length ? 'updated' : 'unchanged', cid: known, written, unproven };
		} else if (found.length > 1) {
			plan = { outcome: 'error', error: `${found.length} customers have the email` };
		} else if (found.length === 1) {
			const written = changedFields(found[0], body);
			const told = provable(found[0], customers);
			if (written.length && !told) plan = { outcome: 'error', error: 'cannot be told' };
			else
				plan = {
					outcome: written.length ? 'updated' : 'unchanged',
					cid: told ? found[0].cid : undefined,
					written,
				};
		} else plan = { outcome: 'created', cid: newCid(row.id), written: Object.keys(body) };
		if (plan.outcome === 'created')
			customers.push({ cid: plan.cid, deptid, active: true, company: '', ...body });
		else if (plan.outcome === 'updated') {
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
	NOT_AN_EMAIL,
	SHOWN,
	bodyOf,
	planSync,
	refusalOf,
	sameEmail,
	withCreatedIds,
};
