import type { IDataObject } from 'n8n-workflow';
import { pathSegment } from '../input/path';
import { isRefusal, PlatformRequestError, RefusedAnswer } from '../platform/failure';
import type { CustomerReference, Request } from './request';
import { looksLike, sameEmail, sameName, text } from './customerText';
import {
	customerList,
	customerOfRecord,
	refusal,
	searchCustomers,
	withCompany,
} from './customerSearch';

/** What a customer field accepts, said wherever a person or a model is told what to give. */
export const CUSTOMER_FORMS =
	'the customer ID (digits, e.g. 1042), its account_id or crm_id, or its exact company, trading name, ' +
	'person name (first and last) or email';

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
export class CustomerIdentity implements CustomerReference {
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
