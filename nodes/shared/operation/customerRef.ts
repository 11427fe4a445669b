import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { pathSegment } from '../input/path';
import { isRefusal, PlatformRequestError, RefusedAnswer } from '../platform/failure';

/**
 * Sends one more request through the operation's credential. `once` (given within a node run) makes a value
 * once for the run's items: the customer list is read once, not once an item.
 */
export type Request = ((options: IHttpRequestOptions) => Promise<unknown>) & {
	once?: <T>(key: string, make: () => Promise<T>) => Promise<T>;
	/** The item's one identity for a customer reference (CustomerIdentity), made once an item. */
	customer?: (ref: unknown, picked: boolean) => CustomerIdentity;
	/** A Dry Run: a write sent through it is not sent (the operation says what it would write). */
	preview?: boolean;
	/** A digest keyed with the department's API key (HMAC-SHA-256, base64url): what the run may hand out. */
	digest?: (text: string) => string;
	/** The platform the request goes to: the credential's Base URL, as given. */
	platform?: string;
};

/** What a customer field accepts, said wherever a person or a model is told what to give. */
export const CUSTOMER_FORMS =
	'the customer ID (digits, e.g. 1042), its account_id or crm_id, or its exact company, trading name, ' +
	'person name (first and last) or email';

/*
 * One comparison rule. Which customer a name is, is decided by comparing texts the platform shows, and the
 * platform's own comparison (case, spaces, whole value or a part) is not documented: a search may or may not
 * find "ACME TELECOM" when asked for "Acme Telecom". A name is therefore the same name only when the texts are
 * equal (outer spaces aside), on every side of a match: a text any platform would call equal, so the searches
 * that confirm a match find every customer it could be. Emails alone compare ignoring case, as mail does.
 * Texts that differ only in case or spacing are offered as suggestions, never taken.
 */

function text(value: unknown): string {
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** The same name: equal texts, outer spaces aside (never two blanks). */
export function sameName(a: unknown, b: unknown): boolean {
	return text(a) !== '' && text(a) === text(b);
}

/** The same email address: equal ignoring case and outer spaces (never two blanks). */
export function sameEmail(a: unknown, b: unknown): boolean {
	return text(a) !== '' && text(a).toLowerCase() === text(b).toLowerCase();
}

/** Near enough to suggest, never to take: equal ignoring case and runs of spaces. */
function looksLike(a: unknown, b: unknown): boolean {
	const loose = (value: unknown) => text(value).replace(/\s+/g, ' ').toLowerCase();
	return loose(a) !== '' && loose(a) === loose(b);
}

/**
 * Whether the platform may show the text `given` as `shown`: equal but for what a platform may do to text the
 * spec leaves open (case, runs of spaces, Unicode forms). Not a match of two customers: a check that a value
 * written is still what the platform holds.
 */
export function mayShowAs(shown: unknown, given: unknown): boolean {
	const loose = (value: unknown) => text(value).normalize('NFC').replace(/\s+/g, ' ').toLowerCase();
	return loose(shown) === loose(given);
}

/**
 * The integer customer id a request BODY needs: the spec accepts an account_id or crm_id only where
 * {cid} is in the path. Every reference, digits included, is resolved through customer/balance/{cid},
 * a read the spec documents to answer with the customer's cid: digits may be another customer's
 * account_id or crm_id, and only the platform knows which customer a path would reach. An unknown one
 * fails there, with the platform's "no customer found", before the write is sent.
 */
export async function customerIdFor(request: Request, ref: unknown): Promise<number> {
	const given = String(ref ?? '').trim();
	const body = (await request({
		method: 'GET',
		url: `/customer/balance/${pathSegment('cid', given)}`,
		body: undefined,
		qs: {},
	}).catch((error: unknown) => {
		// The platform's "no customer found" names no customer; the reference is what the user can check.
		if (error instanceof PlatformRequestError) error.failure.subject ??= `customer ${given}`;
		throw error;
	})) as IDataObject;
	const cid = Number(body?.cid);
	if (!Number.isInteger(cid) || cid <= 0)
		throw new RefusedAnswer({ message: `The platform gave no customer ID for ${given}` });
	return cid;
}

function label(customer: IDataObject): string {
	const id = customer.cid === undefined ? 'not on the customer list' : String(customer.cid);
	return `${String(customer.company || customer.trading_name || 'customer')} (${id})`;
}

function refusal(message: string): RefusedAnswer {
	return new RefusedAnswer({ message }, 'inconclusive');
}

async function recordsOf(request: Request, url: string): Promise<IDataObject[]> {
	const body = (await request({ method: 'GET', url, body: undefined, qs: {} })) as IDataObject;
	if (!Array.isArray(body?.records))
		throw refusal(
			'The platform answered without a records list, so who the customers are is unknown; nothing was ' +
				'created or updated',
		);
	return body.records as IDataObject[];
}

/**
 * The customer search's records. A search that finds nobody may answer with records: [] or with a refusal,
 * "no customer found" (the spec shows neither): both are no one. An answer without a records list says
 * nothing about who exists, and fails.
 */
export async function searchCustomers(
	request: Request,
	field: string,
	value: string,
): Promise<IDataObject[]> {
	return await recordsOf(
		request,
		`/customer/search/${pathSegment(field, field)}/${pathSegment('value', value)}`,
	).catch((error: unknown) => {
		if (isRefusal(error, { message: 'no customer found' })) return [];
		throw error;
	});
}

/**
 * The customer list (getAll: every active customer's cid, company and trading name), read once a node run.
 * A customer made by an earlier item of the run is not on it; every match found on it is confirmed by a
 * search made at the time, which is.
 */
/** The customer list as the platform holds it now, not as the run first read it (a customer made since is on it). */
export async function customerListNow(request: Request): Promise<IDataObject[]> {
	return await recordsOf(request, '/customer/getAll');
}

export async function customerList(request: Request): Promise<IDataObject[]> {
	const read = async () => await recordsOf(request, '/customer/getAll');
	return request.once ? await request.once('customer list', read) : await read();
}

/** The platform's search records with exactly this company: what the search finds, compared by the one rule. */
async function withCompany(request: Request, company: string): Promise<IDataObject[]> {
	return (await searchCustomers(request, 'company', company)).filter((found) =>
		sameName(found.company, company),
	);
}

/**
 * Whether the platform's customer search compares case (the spec does not say): a listed customer's company
 * found as spelt but not in another case says so. Found neither way is no evidence (an earlier item of the
 * run may have renamed it), so the next company is tried. Asked once a node run; a platform with no company
 * to try it on gives no evidence, and is taken not to.
 */
export async function searchComparesCase(request: Request): Promise<boolean> {
	const ask = async () => {
		const companies = (await customerList(request))
			.map((customer) => text(customer.company))
			.filter((company) => company.length >= 3 && company.toUpperCase() !== company.toLowerCase());
		for (const listed of companies.slice(0, 3)) {
			const other = listed === listed.toUpperCase() ? listed.toLowerCase() : listed.toUpperCase();
			const finds = async (spelt: string) =>
				(await searchCustomers(request, 'company', spelt)).some((record) =>
					sameName(record.company, listed),
				);
			if (await finds(other)) return false;
			if (await finds(listed)) return true;
		}
		return false;
	};
	return request.once ? await request.once('search compares case', ask) : await ask();
}

/** Which customer a search record is: its cid, or why it cannot be told, and who it might be. */
export interface RecordMatch {
	cid?: number;
	/** Customers on the list with the record's company: the record is one of them, or none. */
	candidates: IDataObject[];
	why?: string;
}

/**
 * The customer a search record describes (on `list`, the customer list as read now, where given). The spec's
 * search record carries no cid, the customer list does, by company: the record is a listed customer only when
 * its company is that one customer's on the list AND a search by the company finds this record alone (`same`
 * tells it), so no customer, listed or not (the list holds active customers only), shares the company. Both
 * compare by the one rule: a company that differs in case or spacing is another company. Anything else is no
 * answer: a write must never reach a customer chosen by a name two customers share.
 */
export async function customerOfRecord(
	request: Request,
	record: IDataObject,
	same: (record: IDataObject) => boolean,
	list?: IDataObject[],
): Promise<RecordMatch> {
	const company = text(record.company);
	if (company.length < 3)
		return {
			candidates: [],
			why:
				company === ''
					? 'it has no company to find it by on the customer list'
					: `its company "${company}" is too short to search by (3 characters or more)`,
		};
	const candidates = (list ?? (await customerList(request))).filter((customer) =>
		sameName(customer.company, company),
	);
	if (candidates.length !== 1)
		return {
			candidates,
			why: candidates.length
				? `its company "${company}" is ${candidates.length} customers' on the customer list`
				: `its company "${company}" is no active customer's on the customer list`,
		};
	const sharing = await withCompany(request, company);
	if (sharing.length !== 1 || !same(sharing[0]))
		return {
			candidates,
			why: `a search by its company "${company}" finds ${sharing.length} customers with exactly that company`,
		};
	return { cid: Number(candidates[0].cid), candidates };
}

/**
 * The customers a name is: those whose company or trading name it is, and the person (first and last name,
 * or email) it is. Search records carry no cid (the spec's search record lists none): a person is the
 * customer customerOfRecord finds, or, where it finds none, every listed customer with the person's company.
 * A company found on the list is confirmed by a search, which also finds customers the list leaves out.
 */
async function customersNamed(
	request: Request,
	name: string,
	all: IDataObject[],
	near: IDataObject[] = [],
): Promise<Map<string, IDataObject>> {
	const found = new Map<string, IDataObject>();
	const add = (customer: IDataObject) => found.set(String(customer.cid), customer);
	for (const customer of all)
		if (sameName(customer.company, name) || sameName(customer.trading_name, name)) add(customer);
	const byCompany = all.filter((customer) => sameName(customer.company, name));
	// More customers with the company than the list shows (an inactive one, beside a listed customer with it as
	// company or trading name): the name is not one customer's.
	if (
		found.size > 0 &&
		name.length >= 3 &&
		(await withCompany(request, name)).length > byCompany.length
	)
		found.set('not listed', { company: name });
	const searches: Array<[string, string, (record: IDataObject) => boolean]> = [];
	if (name.includes('@')) {
		searches.push(['email', name, (r) => sameEmail(r.email, name)]);
		// A platform whose search compares case finds a stored address only in its own case: most are lower.
		if (name.toLowerCase() !== name)
			searches.push(['email', name.toLowerCase(), (r) => sameEmail(r.email, name)]);
	} else {
		const first = name.split(/\s+/)[0];
		if (first.length >= 3)
			searches.push([
				'name',
				first,
				(r) => sameName(`${text(r.name)} ${text(r.surname)}`, name.replace(/\s+/g, ' ')),
			]);
	}
	const person = (record: IDataObject) => `${text(record.name)} ${text(record.surname)}`;
	for (const [field, value, same] of searches) {
		for (const record of await searchCustomers(request, field, value)) {
			// A person whose name differs only in case or spacing: offered, never taken.
			if (!same(record) && field === 'name' && looksLike(person(record), name)) {
				const match = await customerOfRecord(request, record, (r) => person(r) === person(record));
				near.push({ company: person(record), cid: match.cid });
			}
			if (!same(record)) continue;
			const match = await customerOfRecord(request, record, same);
			if (match.cid) add(match.candidates[0]);
			// Two candidates or more make the refusal that names them; one that the check did not confirm
			// is not the customer, so it is left out and the name names no one.
			else if (match.candidates.length > 1) match.candidates.forEach(add);
		}
	}
	return found;
}

/**
 * A customer given by name (what a person, or an AI model, most often has): the one customer whose
 * company, trading name, person name or email it is, exactly. None or several stop the item, saying which
 * customers came close and what to give instead; nothing is written.
 */
async function customerIdByName(request: Request, name: string): Promise<number> {
	const all = await customerList(request);
	const people: IDataObject[] = [];
	const found = [...(await customersNamed(request, name, all, people)).values()];
	if (found.length === 1) return Number(found[0].cid);
	const give = `Give ${CUSTOMER_FORMS}.`;
	if (found.length > 1)
		throw refusal(
			`Customer "${name}" is ${found.length} customers: ${found.slice(0, 5).map(label).join(', ')}` +
				`${found.length > 5 ? ', …' : ''}. ${give}`,
		);
	const alike = [
		...all.filter((customer) =>
			[customer.company, customer.trading_name].some((value) => looksLike(value, name)),
		),
		...people,
	];
	const lower = name.toLowerCase();
	const near = alike.length
		? alike
		: all.filter((customer) =>
				[customer.company, customer.trading_name].some((value) =>
					text(value).toLowerCase().includes(lower),
				),
			);
	const hint = near.length
		? ` ${alike.length ? 'Customers whose name differs from it only in case or spacing' : 'Customers whose company contains it'}: ` +
			`${near.slice(0, 5).map(label).join(', ')}${near.length > 5 ? ', …' : ''}.`
		: '';
	throw refusal(
		`No customer is "${name}" (ID, account_id, crm_id, company or name, exactly).${hint} ${give}`,
	);
}

/**
 * A path to customer `cid` by its ID: only when a balance read with that ID answers that same customer. Where
 * {cid} is in a path the platform takes an ID, an account_id or a crm_id, and which wins when the digits are one
 * customer's ID and another's crm_id the spec leaves open: a path with them may reach the other customer.
 */
export async function pathToCustomer(
	request: Request,
	cid: number,
	named: string,
): Promise<string> {
	const reached = await customerIdFor(request, String(cid));
	if (reached !== cid)
		throw refusal(
			`${named} is customer ${cid}, but the platform takes ${cid} in a path as customer ${reached} ` +
				`(whose account_id or crm_id it is), so nothing was sent: give customer ${cid}’s account_id or crm_id`,
		);
	return String(cid);
}

/**
 * One customer reference of one input item, resolved once, by one rule wherever it travels: the customer is
 * the integer id `cid`, and every place the item carries the customer derives what it needs from it. A body's
 * cid is that id (the spec types it the integer customer id). A path's {cid} is a reference proven to reach
 * that customer, since a path takes an ID, account_id or crm_id and which wins is the platform's.
 *
 * - picked from the customer list: the list gave its ID; a path proves it (pathToCustomer);
 * - typed digits: an ID, account_id or crm_id as the platform reads them in a path, so the customer is the one a
 *   balance read with them answers, and a path carries them as given (the platform reads them the same way);
 * - anything else: an account_id or crm_id the platform finds, sent as given; else a name, whose customer's ID a
 *   path carries once proven to reach it.
 */
export class CustomerIdentity {
	private resolved?: Promise<{ cid: number; pathRef?: string }>;

	private path?: Promise<string>;

	readonly given: string;

	constructor(
		private readonly request: Request,
		ref: unknown,
		readonly picked: boolean,
	) {
		this.given = String(ref ?? '').trim();
	}

	/** Typed digits in a path go as given, without a read, unless the customer must be proven first. */
	get typedDigits(): boolean {
		return !this.picked && /^\d+$/.test(this.given);
	}

	/** The customer's integer id: what a body carries. */
	async cid(): Promise<number> {
		this.resolved ??= this.resolve();
		return (await this.resolved).cid;
	}

	/** What a path's {cid} carries to reach exactly this customer. */
	async pathRef(): Promise<string> {
		if (this.typedDigits) return this.given;
		this.path ??= (async () => {
			this.resolved ??= this.resolve();
			const { cid, pathRef } = await this.resolved;
			if (pathRef !== undefined) return pathRef;
			const named = this.picked ? 'The customer picked from the list' : `Customer "${this.given}"`;
			return await pathToCustomer(this.request, cid, named);
		})();
		return await this.path;
	}

	private async resolve(): Promise<{ cid: number; pathRef?: string }> {
		const { request, given } = this;
		if (this.picked) return { cid: Number(given) };
		return await customerIdFor(request, given).then(
			(cid) => ({ cid, pathRef: given }),
			async (error: unknown) => {
				if (/^\d+$/.test(given) || !isRefusal(error, { message: 'no customer found' })) throw error;
				return { cid: await customerIdByName(request, given) };
			},
		);
	}
}
