// A messy CRM for the CRM-to-billing sync test: 1,000 contacts generated from a fixed seed, as a sales team's
// CRM holds them after years of hand entry and imports. What each row is meant to test travels beside it
// (`intent`), never in the CRM's own columns.
const { TABLE } = require('./crmSyncExample.js');

const CONTACTS = 1000;

/** A seeded sequence in [0, 1) (mulberry32): the same seed, the same CRM. */
function seeded(seed) {
	let state = seed | 0;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
	};
}

const FIRST = [
	'Zoë',
	'José',
	'Siobhán',
	'Renée',
	'Chloé',
	'Jürgen',
	'Ana-María',
	'Liam',
	'Mia',
	'Noah',
	'Aroha',
	'Søren',
	'Björn',
	'Ngaio',
	'Hana',
	'Padraig',
	'Isla',
	'Mateo',
	'Priya',
	'Tomás',
];
const LAST = [
	"O'Brien",
	"D'Angelo",
	'Müller',
	'Núñez',
	'Smith',
	"O'Connor",
	'Fitzgerald-Brown',
	'Østergaard',
	'Nguyen',
	'Papadopoulos',
	'Kowalski',
	'Te Whare',
	'García',
	'Lefèvre',
	'MacDonald',
	'Rossi',
];
const TRADES = ['Plumbing', 'Bakery', 'Dental', 'Logistics', 'Florist', 'Motors', 'Café', 'Studio'];
const DOMAINS = ['example.com', 'mail.example', 'crm.example.net', 'büro.example'];

/** Companies several contacts share: a customer among them is never told by its company alone. */
const SHARED_COMPANIES = [
	['Coastal Electrical', 8],
	['Café Müller', 5],
	["O'Brien & Sons Plumbing", 4],
];

/** Emails no platform accepts as one, each refused before anything is sent. */
const BAD_EMAILS = [
	'not-an-email',
	'jane.doe@',
	'@example.com',
	'bob smith@example.com',
	'mary@@example.com',
	'kate.at.example.com',
	'',
	null,
];
/** Dates of birth a CRM holds that are no calendar day, in any format. */
const BAD_DATES = ['31/02/1985', '1985-02-30', '12-04-1985', 'unknown', '1985-13-01', '19850412'];

/** Demo Telco customers of the simulator's seed (test/simulator/seed.json) whose emails the CRM holds too. */
const SEEDED = [
	{ cid: 1001, email: 'liam.smith1@example.com', company: 'Smith Plumbing 1' },
	{ cid: 1004, email: 'zoe.nguyen4@example.com', company: 'Nguyen Dental 4' },
	{ cid: 1007, email: 'leo.singh7@example.com', company: 'Singh Bakery 7' },
	{ cid: 1012, email: 'ava.wilson12@example.com', company: 'Wilson Cafe 12' },
	{ cid: 1018, email: 'ruby.patel18@example.com', company: 'Patel Studio 18' },
	{ cid: 1023, email: 'henry.martin23@example.com', company: 'Martin Logistics 23' },
	{ cid: 1026, email: 'mia.kelly26@example.com', company: 'Kelly Motors 26' },
	{ cid: 1034, email: 'chloe.nguyen34@example.com', company: 'Nguyen Dental 34' },
	{ cid: 1041, email: 'jack.smith41@example.com', company: 'Smith Plumbing 41' },
	{ cid: 1052, email: 'zoe.wilson52@example.com', company: 'Wilson Cafe 52' },
];
/**
 * Rows carrying their customer's ID from before the package (an earlier integration wrote it), with no
 * fingerprint, by their index in SEEDED; `newEmail`: the CRM's email changed since, no customer has it.
 */
const CARRYING_IDS = [{ k: 1 }, { k: 3 }, { k: 5, newEmail: 'henry.martin@new-employer.example' }];
/** Inactive on the platform: found by search, absent from the customer list, so never told by company. */
const SEEDED_INACTIVE = { cid: 1015, email: 'noah.brown15@example.com' };

const ascii = (text) =>
	text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/ø/gi, 'o')
		.replace(/[^A-Za-z-]/g, '')
		.toLowerCase();

/**
 * The CRM's contacts (ids 1…1000 in order) and what each is meant to show: `refused` (the field the node
 * refuses before sending), `seeded` (the simulator customer whose email it holds), `inactive`, `duplicateOf`
 * (the earlier row with its email in another case), `shared` (a company several contacts share), `carriesId`
 * (the row carries that customer's ID, written by an earlier integration, and no fingerprint), `newEmail` (such a
 * row whose email changed since, to one no customer has).
 */
function crmContacts(seed = 20261127) {
	const random = seeded(seed);
	const pick = (list) => list[Math.floor(random() * list.length)];
	const chance = (p) => random() < p;
	const digits = (n) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
	const rows = [];
	for (let i = 1; i <= CONTACTS; i++) {
		const first = pick(FIRST);
		const last = pick(LAST);
		const row = {
			id: i,
			first_name: first,
			last_name: last,
			company: `${last} ${pick(TRADES)} ${i}`,
			email: `${ascii(first)}.${ascii(last)}.${i}@${pick(DOMAINS)}`,
			mobile: chance(0.15) ? pick(['', null, '   ']) : `04${digits(8)}`,
			phone: chance(0.4) ? `0${pick(['2', '3', '7', '8'])} ${digits(4)} ${digits(4)}` : null,
			dob: chance(0.6)
				? `19${50 + Math.floor(random() * 50)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`
				: null,
		};
		const intent = {};
		// Hand entry: outer spaces, capitals.
		if (chance(0.05)) row.email = `  ${row.email} `;
		if (chance(0.05)) row.email = row.email.toUpperCase();
		if (chance(0.03)) row.first_name = ` ${row.first_name} `;
		if (chance(0.03)) row.company = `  ${row.company} `;
		if (chance(0.05)) row.company = null;
		if (row.dob && chance(0.01)) row.dob = `${row.dob}T00:00:00`;
		rows.push({ row, intent });
	}
	const at = (id) => rows[id - 1];
	// Placed at fixed ids, so no two kinds meet on one row.
	SHARED_COMPANIES.reduce((id, [company, count]) => {
		for (let k = 0; k < count; k++) {
			at(id + k * 11).row.company = company;
			at(id + k * 11).intent.shared = company;
		}
		return id + 3;
	}, 40);
	BAD_EMAILS.forEach((email, k) => {
		Object.assign(at(200 + k * 7).row, { email });
		at(200 + k * 7).intent.refused = 'email';
	});
	BAD_DATES.forEach((dob, k) => {
		Object.assign(at(300 + k * 7).row, { dob });
		at(300 + k * 7).intent.refused = 'dob';
	});
	SEEDED.forEach(({ cid, email, company }, k) => {
		const { row, intent } = at(400 + k * 9);
		// Half keep the platform's company; the others' CRM names the customer otherwise.
		row.email = k % 3 === 0 ? email.replace(/^./, (c) => c.toUpperCase()) : email;
		if (k % 2 === 0) row.company = company;
		intent.seeded = cid;
	});
	for (const { k, newEmail } of CARRYING_IDS) {
		const { row, intent } = at(400 + k * 9);
		row.billing_cid = intent.seeded;
		intent.carriesId = intent.seeded;
		if (newEmail) {
			row.email = newEmail;
			intent.newEmail = newEmail;
		}
	}
	Object.assign(at(495).row, { email: SEEDED_INACTIVE.email.toUpperCase() });
	at(495).intent.inactive = SEEDED_INACTIVE.cid;
	// The same person entered twice, the email in another case: the first row's values are kept.
	for (let k = 0; k < 12; k++) {
		const lead = at(600 + k * 13);
		const copy = at(605 + k * 13);
		const email = String(lead.row.email).trim();
		copy.row = {
			...lead.row,
			id: copy.row.id,
			email: k % 2 ? email.toUpperCase() : email.replace(/^./, (c) => c.toUpperCase()),
			// The copy never gives a value the first row left out, nor a phone: it adds nothing.
			phone: null,
			mobile: k % 3 === 0 && lead.row.mobile?.trim() ? `04${digits(8)}` : lead.row.mobile,
			last_name: k % 4 === 1 ? `${lead.row.last_name}-Jones` : lead.row.last_name,
		};
		copy.intent = { duplicateOf: lead.row.id };
	}
	return rows;
}

/**
 * New contacts entered since the last sync, without ids (the table numbers them), tagged so no two batches share an
 * email: `count` people, with a company of their own but for `shared` at one new company they share (named after
 * the tag), `coastal` at Coastal Electrical (which CRM contacts share already) and `blank` with none; a phone for
 * every other one. What each is meant to show travels beside it.
 */
function newContacts(tag, count, { shared = 0, coastal = 0, blank = 0, seed = 7 } = {}) {
	const random = seeded(seed + tag.length * 101 + count);
	const pick = (list) => list[Math.floor(random() * list.length)];
	const sharedCompany = `${tag[0].toUpperCase()}${tag.slice(1)} Partners`;
	return Array.from({ length: count }, (_, k) => {
		const first = pick(FIRST);
		const last = pick(LAST);
		const kind =
			k < shared
				? 'shared'
				: k < shared + coastal
					? 'coastal'
					: k < shared + coastal + blank
						? 'blank'
						: 'own';
		const company = {
			shared: sharedCompany,
			coastal: 'Coastal Electrical',
			blank: null,
			own: `${last} ${pick(TRADES)} ${tag} ${k + 1}`,
		}[kind];
		return {
			row: {
				first_name: first,
				last_name: last,
				company,
				email: `${ascii(first)}.${ascii(last)}.${tag}${k + 1}@${pick(DOMAINS)}`,
				mobile: `04${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
				phone: k % 2 ? `03 9${String(k).padStart(3, '0')} ${String(1000 + k).slice(-4)}` : null,
				dob: null,
			},
			intent: { company: kind },
		};
	});
}

const COLUMNS = [
	'id',
	'first_name',
	'last_name',
	'company',
	'email',
	'mobile',
	'phone',
	'dob',
	'billing_cid',
];

const literal = (value) =>
	value === null || value === undefined ? 'NULL' : `'${String(value).replace(/'/g, "''")}'`;

/**
 * INSERT statements for rows (with their ids), in batches, into the table examples/customer-sync.json's note
 * creates; then its id sequence moved past them, so a contact added later without an id gets the next one.
 */
function insertSql(rows) {
	const statements = [];
	for (let start = 0; start < rows.length; start += 200)
		statements.push(
			`INSERT INTO ${TABLE} (${COLUMNS.join(', ')}) VALUES\n` +
				rows
					.slice(start, start + 200)
					.map((row) => `(${COLUMNS.map((column) => literal(row[column])).join(', ')})`)
					.join(',\n') +
				';',
		);
	statements.push(
		`SELECT setval(pg_get_serial_sequence('${TABLE}', 'id'), (SELECT max(id) FROM ${TABLE}));`,
	);
	return statements.join('\n');
}

module.exports = {
	CONTACTS,
	SEEDED,
	SEEDED_INACTIVE,
	SHARED_COMPANIES,
	crmContacts,
	insertSql,
	literal,
	newContacts,
};
