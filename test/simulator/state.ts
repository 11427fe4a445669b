import seedFile from './seed.json';
import {
	seedCallTypes,
	seedPriceBooks,
	seedProducts,
	seedRateCards,
	seedServiceTypes,
} from './catalog';
import type { CallType, PriceBook, Product, RateCard, ServiceType } from './catalog';
import { BulkEmail } from './bulkEmail';
import { CdrStore } from './cdrStore';
import type { CallHistory } from './cdrStore';
import { seedLeads } from './crm';
import type { Lead, Order, TimelineEntry } from './crm';
import { VENDORS } from './billing';
import type { BillRun, Cancellation, Commission, Credit, Invoice, Vendor } from './billing';
import { seedHistory } from './history';
import type { Extra } from './extras';
import { defaultTraits } from './traits';
import type { Traits } from './traits';

export type Seed = typeof seedFile;

export interface KeyData {
	department: number;
	bulk_email?: boolean;
	bulk_email_max_recipients?: number;
	bulk_email_max_daily_campaigns?: number;
	cdr_source?: string;
	[name: string]: unknown;
}

export interface ApiKey {
	key: string;
	disabled?: boolean;
	data: KeyData;
}

export interface Customer {
	cid: number;
	deptid: number;
	account_id: string;
	crm_id: string;
	company: string;
	trading_name: string | null;
	name: string;
	surname: string;
	email: string;
	phone: string;
	mobile: string;
	credit_management: number;
	web_password: string;
	dob: string;
	abn: string;
	paymethod: string;
	ctgid: number;
	card_token: string;
	bank_name: string;
	bank_bsb: string;
	bank_number: string;
	active: boolean;
	balance: number;
	price_book_id: number | null;
	suburb: string;
	street: string;
	billinggroup: string;
	account_state: '' | 'Suspended' | 'Disconnected';
	billingcycle: string;
	business_type: string;
	account_manager: string;
	reseller_cid: number | null;
}

export interface Contact {
	id: number;
	cid: number;
	first_name: string;
	middle_name: string;
	gender: string | null;
	last_name: string;
	dob: string;
	email: string;
	web_password: string;
	phone: string;
	mobile: string;
}

export interface ChargeItem {
	id: number;
	cid: number;
	deptid: number;
	description: string;
	amount: number;
	quantity: number;
	charge_date: string;
	pid: number | null;
}

export interface Payment {
	id: number;
	cid: number;
	amount: number;
	kind: 'gateway' | 'external';
	method: string;
	transaction_id?: string;
	date: string;
	/** The invoice it was made against, when it was; otherwise it pays the oldest open invoices first. */
	iid?: number;
}

export const SERVICE_STATUSES = [
	'active',
	'pending',
	'suspended',
	'pending_disconnection',
	'disconnected',
	'churned',
] as const;

export interface Service {
	id: number;
	deptid: number;
	cid: number;
	service_num: string;
	start_date: string;
	servicetype: number;
	monthlyfee: number;
	date_ended: string | null;
	billing_cycle: string;
	contracterm: string;
	billing_name: string;
	call_rates_id: number | null;
	bundle_id: number | null;
	cost: number;
	quantity: number;
	parent_id: number | null;
	service_status: (typeof SERVICE_STATUSES)[number];
	username: string;
	ip_ipadd: string;
	/** Where the sale came from (web, referral, partner); the spec's source report reads it. */
	ext_field2: string;
	date_created: string;
	date_modified: string;
}

/** A charge on a service: a misc item (services/item/add) or an applied early termination fee. */
export interface ServiceCharge {
	id: number;
	enid: number;
	pid: number;
	kind: 'misc' | 'etf';
	charge_date: string;
	description: string;
	inc_tax_amount: number;
	taxrate: number;
}

export interface BundleCharge {
	id: number;
	name: string;
	active: number;
	date_started: string;
	date_ended: string | null;
	monthly_cost: number;
	description: string;
}

export interface Bundle {
	id: number;
	deptid: number;
	cid: number;
	name: string;
	active: number;
	date_started: string;
	date_ended: string | null;
	included_usage_type: number;
	included_value: number | null;
	monthly_cost: number | null;
	call_types: number[];
	charges: BundleCharge[];
}

/** `target` holding exactly what `fresh` holds: what a test set on it (a hook, a field) is gone too. */
function refill(target: object, fresh: object): void {
	for (const key of Object.keys(target))
		if (!(key in fresh)) delete (target as Record<string, unknown>)[key];
	Object.assign(target, fresh);
}

/** Everything the simulated platform holds, in memory. Tests read it to check what a node did. */
export class State {
	keys = new Map<string, ApiKey>();
	departments = new Map<number, { id: number; name: string; resetEnabled: boolean }>();
	customers: Customer[] = [];
	contacts: Contact[] = [];
	chargeItems: ChargeItem[] = [];
	payments: Payment[] = [];
	serviceTypes: ServiceType[] = seedServiceTypes();
	products: Product[] = seedProducts();
	callTypes: CallType[] = seedCallTypes();
	priceBooks: PriceBook[] = [];
	rateCards: RateCard[] = [];
	services: Service[] = [];
	serviceCharges: ServiceCharge[] = [];
	bundles: Bundle[] = [];
	cdrs = new CdrStore(this);
	bulkEmail = new BulkEmail(this);
	leads: Lead[] = [];
	portalUsers: Array<{
		username: string;
		email: string;
		password: string;
		department: number;
		active: boolean;
	}> = [];
	resetTokens = new Map<string, { username: string; expires: number }>();
	orders: Order[] = [];
	invoices: Invoice[] = [];
	billRuns: BillRun[] = [];
	credits: Credit[] = [];
	vendors: Vendor[] = VENDORS.map((v) => ({ ...v }));
	commissions: Commission[] = [];
	cancellations: Cancellation[] = [];
	/** When set, every report is refused with these words (`{succes: false, message}`), as a busy platform may. */
	reportRefusal: string | undefined = undefined;
	/** Days that passed on the platform since start-up (history/advance.ts): each day's events are its own. */
	daysPassed = 0;
	/** Calls from before start-up (see history/calls.ts): kept when the imported CDRs are reset. */
	callHistory: CallHistory = { cdrs: [], billed: [] };
	timeline: TimelineEntry[] = [];
	/** The kindnesses and variants switched on by name (extras.ts); empty: strictly the spec. */
	extras = new Set<Extra>();
	/** The answers to the spec's open questions (traits.ts), changed in place; defaults: as before traits. */
	traits: Traits = defaultTraits();
	/** Mail the sandbox's SMTP sink received (reports sent by example workflows). */
	mailbox: Array<{ from: string; to: string[]; subject: string; message: string; at: string }> = [];
	cdrExports: Array<{
		deptid: number;
		cid: number;
		company: string;
		frequency: string;
		path: string;
		format: string;
		lastRun: string | null;
		nextRun: string;
		active: boolean;
	}> = [];
	private servicesByNumber = new Map<string, Service>();
	private sequences = new Map<string, number>();

	constructor(readonly seed: Seed) {
		this.load();
	}

	/**
	 * Everything back as a new State of the same seed holds it, in place: the routes hold this object, so a
	 * simulator renewed between tests serves the seeded platform again without building a new server. The
	 * extras and traits stay the same objects (the simulator hands them out), emptied and put back to defaults.
	 */
	renew(): void {
		const { extras, traits, bulkEmail } = this;
		refill(this, new State(this.seed));
		extras.clear();
		Object.assign(traits, defaultTraits());
		this.extras = extras;
		this.traits = traits;
		// The bulk email sender stays the same object (its routes hold it), as new, holding this state.
		refill(bulkEmail, new BulkEmail(this));
		this.bulkEmail = bulkEmail;
		this.resetCdrs();
	}

	/** The next `kind` ID handed out is `after + 1` (a platform whose IDs start again after a reset). */
	restartIds(kind: string, after: number): void {
		this.sequences.set(kind, after);
	}

	nextId(kind: string, start = 1): number {
		const next = (this.sequences.get(kind) ?? start - 1) + 1;
		this.sequences.set(kind, next);
		return next;
	}

	/** The id counters, so a cached history can be put back with the ids generating it left. */
	sequenceValues(): Array<[string, number]> {
		return [...this.sequences];
	}

	restoreSequences(values: Array<[string, number]>): void {
		for (const [kind, value] of values) this.sequences.set(kind, value);
	}

	private load(): void {
		// A copy: a test that edits a key (disables it, changes its data) must not change the seed for the next.
		for (const key of this.seed.keys as ApiKey[]) this.keys.set(key.key, structuredClone(key));
		this.portalUsers = (this.seed.portalUsers ?? []).map((u) => ({ ...u }));
		for (const dept of this.seed.departments) {
			this.departments.set(dept.id, {
				id: dept.id,
				name: dept.name,
				resetEnabled: dept.resetEnabled,
			});
		}
		for (const dept of this.seed.departments) {
			this.priceBooks.push(...seedPriceBooks(dept.id, this.nextId('priceBook')));
			const rateCards = seedRateCards(dept.id, this.nextId('rateCard'));
			for (let i = 1; i < rateCards.length; i++) this.nextId('rateCard');
			this.rateCards.push(...rateCards);
			seedCustomers(this, dept.id, dept.demoCustomers);
			seedServices(this, dept.id);
			this.leads.push(...seedLeads(dept.id, this.nextId('lead', 3001)));
			for (let i = 1; i < 25; i++) this.nextId('lead', 3001);
		}
		seedHistory(this);
		for (const dept of this.seed.departments) {
			this.customers
				.filter((c) => c.deptid === dept.id)
				.slice(0, 3)
				.forEach((c, i) => {
					this.cdrExports.push({
						deptid: dept.id,
						cid: c.cid,
						company: c.company,
						frequency: ['daily', 'weekly', 'monthly'][i],
						path: `/exports/${c.account_id}/`,
						format: i === 2 ? 'xlsx' : 'csv',
						lastRun: '2026-11-20 02:00:00',
						nextRun: '2026-11-22 02:00:00',
						active: i !== 2,
					});
				});
		}
	}

	/**
	 * The fee a customer pays for a service type: the price book's price when the customer's book has an
	 * item for it (override 0: adjustment percent of list price; 1: flat), else the list price.
	 */
	priceFor(
		customer: Customer,
		esid: number,
	): { price: number; fromPriceBook: boolean } | undefined {
		const type = this.serviceTypes.find((t) => t.esid === esid);
		if (!type) return undefined;
		const book = this.priceBooks.find(
			(b) => b.id === customer.price_book_id && b.deptid === customer.deptid,
		);
		const item = book?.items.find((i) => i.related_type === 'service' && i.related_id === esid);
		if (!item) return { price: type.list_price, fromPriceBook: false };
		const price = item.override === 1 ? item.adjustment : (type.list_price * item.adjustment) / 100;
		return { price: Math.round(price * 100) / 100, fromPriceBook: true };
	}

	/**
	 * Forgets every imported CDR and billed call, keeping the sources at their seeded dates and the call
	 * history.
	 */
	resetCdrs(): void {
		this.cdrs = new CdrStore(this);
		for (const key of this.keys.values()) {
			if (key.data.cdr_source) this.cdrs.addSource(key.data.cdr_source, key.data.department);
		}
		this.cdrs.loadHistory(this.callHistory);
	}

	/** The service a call belongs to, by its number, within a department (active services first). */
	serviceByNumber(deptid: number, number: string): Service | undefined {
		const key = `${deptid}:${number}`;
		const cached = this.servicesByNumber.get(key);
		if (cached && cached.service_num === number && this.services.includes(cached)) return cached;
		const found =
			this.services.find(
				(s) => s.deptid === deptid && s.service_num === number && s.date_ended === null,
			) ?? this.services.find((s) => s.deptid === deptid && s.service_num === number);
		if (found) this.servicesByNumber.set(key, found);
		return found;
	}

	/** `cid` in a body: the customer id only, within one department. */
	customerById(deptid: number, cid: number): Customer | undefined {
		return this.customers.find((c) => c.deptid === deptid && c.cid === cid);
	}

	/**
	 * `{cid}` in any path: the customer id, the account_id or the crm_id, within one department. Where the
	 * value is one customer's and another's in different roles, the `pathRef` trait says which is taken.
	 */
	findCustomer(deptid: number, ref: string): Customer | undefined {
		const value = String(ref).trim();
		const mine = this.customers.filter((c) => c.deptid === deptid);
		const roles = PATH_REF_ROLES[this.traits.pathRef];
		if (!roles)
			return mine.find(
				(c) => String(c.cid) === value || c.account_id === value || c.crm_id === value,
			);
		for (const role of roles) {
			const found = mine.find((c) => String(c[role]) === value);
			if (found) return found;
		}
		return undefined;
	}
}

/** The roles a path's {cid} is tried in, first to last; `listed`: all at once, first customer wins. */
const PATH_REF_ROLES: Record<
	Traits['pathRef'],
	Array<'cid' | 'account_id' | 'crm_id'> | undefined
> = {
	listed: undefined,
	cid: ['cid', 'account_id', 'crm_id'],
	crmId: ['crm_id', 'account_id', 'cid'],
};

const FIRST = [
	'Ava',
	'Liam',
	'Mia',
	'Noah',
	'Zoe',
	'Jack',
	'Ruby',
	'Leo',
	'Isla',
	'Oscar',
	'Chloe',
	'Henry',
];
const LAST = [
	'Nguyen',
	'Smith',
	'Patel',
	'Brown',
	'Wilson',
	'Taylor',
	'Kelly',
	'Martin',
	'Walker',
	'Singh',
];
const SUBURBS = ['Fitzroy', 'Carlton', 'Richmond', 'St Kilda', 'Brunswick', 'Footscray'];
const TRADES = [
	'Plumbing',
	'Cafe',
	'Logistics',
	'Dental',
	'Legal',
	'Motors',
	'Bakery',
	'Studio',
	'Freight',
	'Clinic',
];

/** Deterministic demo customers: the same seed always gives the same data. */
function seedCustomers(state: State, deptid: number, count: number): void {
	for (let i = 0; i < count; i++) {
		const cid = state.nextId('customer', 1001);
		const name = FIRST[(i + deptid) % FIRST.length];
		const surname = LAST[(i * 3 + deptid) % LAST.length];
		const company = `${surname} ${TRADES[i % TRADES.length]}${deptid === 1 ? '' : ' (Other)'} ${i + 1}`;
		state.customers.push({
			cid,
			deptid,
			account_id: `ACC-${deptid}-${String(i + 1).padStart(4, '0')}`,
			crm_id: `CRM${deptid}${String(i + 1).padStart(5, '0')}`,
			company,
			trading_name: i % 4 === 0 ? null : `${company} Pty Ltd`,
			name,
			surname,
			email: i % 10 === 9 ? '' : `${name}.${surname}${i + 1}@example.com`.toLowerCase(),
			phone: `03 9${String(100000 + i * 37).slice(0, 3)} ${String(1000 + i).slice(-4)}`,
			mobile: `04${String(10000000 + i * 7919).slice(-8)}`,
			credit_management: i % 7 === 0 ? 1 : 0,
			web_password: `portal-secret-${deptid}-${i + 1}`,
			dob: `19${60 + (i % 40)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
			abn: String(51824753556 + i * 11),
			paymethod: i % 3 === 0 ? 'credit card' : 'invoice',
			ctgid: state.rateCards.find((card) => card.deptid === deptid)!.ctgid,
			card_token: i % 3 === 0 ? `card_tok_${cid}` : '',
			bank_name: i % 5 === 0 ? `${name} ${surname}` : '',
			bank_bsb: i % 5 === 0 ? '063-000' : '',
			bank_number: i % 5 === 0 ? `1234${String(i).padStart(4, '0')}` : '',
			active: i % 15 !== 14,
			balance: Math.round(((i * 37.15) % 500) * 100) / 100,
			price_book_id: i % 6 === 0 ? state.priceBooks.find((b) => b.deptid === deptid)!.id : null,
			suburb: SUBURBS[i % SUBURBS.length],
			street: `${10 + i} ${['High', 'Station', 'Church', 'Park'][i % 4]} Street`,
			billinggroup: ['Retail', 'Business', 'Wholesale'][i % 3],
			account_state: i % 11 === 10 ? 'Suspended' : i % 13 === 12 ? 'Disconnected' : '',
			billingcycle: i % 2 === 0 ? 'monthly' : 'quarterly',
			business_type: TRADES[i % TRADES.length],
			account_manager: ['Alex Chen', 'Sam Rossi'][i % 2],
			reseller_cid: i % 9 === 0 ? 1001 : null,
		});
		for (let c = 0; c < 1 + (i % 3); c++) {
			const first = FIRST[(i + c + 5) % FIRST.length];
			state.contacts.push({
				id: state.nextId('contact', 5001),
				cid,
				first_name: first,
				middle_name: '',
				gender: null,
				last_name: surname,
				dob: '1980-01-01',
				email: `${first}.${surname}.${c}@example.com`.toLowerCase(),
				web_password: `contact-secret-${cid}-${c}`,
				phone: '',
				mobile: `04${String(20000000 + i * 131 + c).slice(-8)}`,
			});
		}
	}
}

/**
 * A date within the seeded services' contracts (they start in 2025): tests take fees on it, never on today, which
 * leaves the contracts behind (on 1 December 2026 the first service owed no fee, and its tests proved nothing).
 */
export const ETF_DATE = '2026-03-15';

/** A few services for the first customers of a department: mixed types, terms, statuses and one parent. */
function seedServices(state: State, deptid: number): void {
	const customers = state.customers.filter((c) => c.deptid === deptid).slice(0, 12);
	customers.forEach((customer, i) => {
		const esid = (i % 3) + 1;
		const fee = state.priceFor(customer, esid)!.price;
		const id = state.nextId('service', 20001);
		state.services.push({
			id,
			deptid,
			cid: customer.cid,
			service_num:
				esid === 2
					? `04${String(12345600 + i + deptid * 1000)}`
					: `N${deptid}${String(100000 + i)}`,
			start_date: `2025-${String((i % 12) + 1).padStart(2, '0')}-01`,
			servicetype: esid,
			monthlyfee: fee,
			date_ended: i === 11 ? '2026-06-30' : null,
			billing_cycle: '',
			contracterm: i % 4 === 0 ? '24 months' : '',
			billing_name: `${state.serviceTypes[esid - 1].typeofservice} for ${customer.company}`,
			call_rates_id: null,
			bundle_id: null,
			cost: Math.round(fee * 50) / 100,
			quantity: 1,
			parent_id: null,
			service_status: i === 11 ? 'disconnected' : i === 10 ? 'pending' : 'active',
			username: `user${id}`,
			ip_ipadd: esid === 1 ? `203.0.113.${i + 10}` : '',
			ext_field2: '',
			date_created: '2025-01-01 10:00:00',
			date_modified: '2025-01-01 10:00:00',
		});
		if (i === 0) {
			const childId = state.nextId('service', 20001);
			state.services.push({
				...state.services[state.services.length - 1],
				id: childId,
				servicetype: 6,
				monthlyfee: 10,
				cost: 5,
				service_num: `IP${childId}`,
				billing_name: 'Static IP',
				parent_id: id,
				contracterm: '',
				username: `user${childId}`,
			});
		}
	});
}
