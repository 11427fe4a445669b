import seedFile from './seed.json';

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
	priceOverrides: Record<number, number>;
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
}

export interface ServiceType {
	esid: number;
	typeofservice: string;
	list_price: number;
	calls_service: number;
	data_service: number;
}

/** Everything the simulated platform holds, in memory. Tests read it to check what a node did. */
export class State {
	keys = new Map<string, ApiKey>();
	departments = new Map<number, { id: number; name: string; resetEnabled: boolean }>();
	customers: Customer[] = [];
	contacts: Contact[] = [];
	chargeItems: ChargeItem[] = [];
	payments: Payment[] = [];
	serviceTypes: ServiceType[] = [];
	cdrSources: Array<{ deptid: number; source: string; latest_date: string }> = [];
	private sequences = new Map<string, number>();

	constructor(readonly seed: Seed) {
		this.load();
	}

	nextId(kind: string, start = 1): number {
		const next = (this.sequences.get(kind) ?? start - 1) + 1;
		this.sequences.set(kind, next);
		return next;
	}

	private load(): void {
		for (const key of this.seed.keys as ApiKey[]) this.keys.set(key.key, key);
		for (const dept of this.seed.departments) {
			this.departments.set(dept.id, { id: dept.id, name: dept.name, resetEnabled: dept.resetEnabled });
		}
		this.serviceTypes = this.seed.serviceTypes.map((type) => ({ ...type }));
		for (const dept of this.seed.departments) seedCustomers(this, dept.id, dept.demoCustomers);
		for (const key of this.keys.values()) {
			const source = key.data.cdr_source;
			if (source && !this.cdrSources.some((s) => s.source === source)) {
				this.cdrSources.push({ deptid: key.data.department, source, latest_date: '2026-11-01 00:00:00' });
			}
		}
	}

	/** `{cid}` in any path: the customer id, the account_id or the crm_id, within one department. */
	findCustomer(deptid: number, ref: string): Customer | undefined {
		const value = String(ref).trim();
		return this.customers.find(
			(c) => c.deptid === deptid && (String(c.cid) === value || c.account_id === value || c.crm_id === value),
		);
	}
}

const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Jack', 'Ruby', 'Leo', 'Isla', 'Oscar', 'Chloe', 'Henry'];
const LAST = ['Nguyen', 'Smith', 'Patel', 'Brown', 'Wilson', 'Taylor', 'Kelly', 'Martin', 'Walker', 'Singh'];
const TRADES = ['Plumbing', 'Cafe', 'Logistics', 'Dental', 'Legal', 'Motors', 'Bakery', 'Studio', 'Freight', 'Clinic'];

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
			ctgid: 1,
			card_token: i % 3 === 0 ? `card_tok_${cid}` : '',
			bank_name: i % 5 === 0 ? `${name} ${surname}` : '',
			bank_bsb: i % 5 === 0 ? '063-000' : '',
			bank_number: i % 5 === 0 ? `1234${String(i).padStart(4, '0')}` : '',
			active: i % 15 !== 14,
			balance: Math.round(((i * 37.15) % 500) * 100) / 100,
			priceOverrides: i % 6 === 0 ? { 2: 29.5 } : {},
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
