import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { pathSegment } from '../input/path';
import { isRefusal, PlatformRequestError, RefusedAnswer } from '../platform/failure';

/** Sends one more request through the operation's credential (an Operation's `send` gets one). */
export type Request = (options: IHttpRequestOptions) => Promise<unknown>;

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
	const text = String(ref ?? '').trim();
	const body = (await request({
		method: 'GET',
		url: `/customer/balance/${pathSegment('cid', text)}`,
		body: undefined,
		qs: {},
	}).catch((error: unknown) => {
		// The platform's "no customer found" names no customer; the reference is what the user can check.
		if (error instanceof PlatformRequestError) error.failure.subject ??= `customer ${text}`;
		throw error;
	})) as IDataObject;
	const cid = Number(body?.cid);
	if (!Number.isInteger(cid) || cid <= 0)
		throw new RefusedAnswer({ message: `The platform gave no customer ID for ${text}` });
	return cid;
}

function lower(value: unknown): string {
	return String(value ?? '')
		.trim()
		.replace(/\s+/g, ' ')
		.toLowerCase();
}

function label(customer: IDataObject): string {
	return `${String(customer.company || customer.trading_name || 'customer')} (${String(customer.cid)})`;
}

function refusal(message: string): RefusedAnswer {
	return new RefusedAnswer({ message }, 'inconclusive');
}

async function recordsOf(request: Request, url: string): Promise<IDataObject[]> {
	const body = (await request({ method: 'GET', url, body: undefined, qs: {} })) as IDataObject;
	return (body?.records as IDataObject[] | undefined) ?? [];
}

/** The customer list (getAll: every active customer's cid, company and trading name). */
async function customerList(request: Request): Promise<IDataObject[]> {
	return await recordsOf(request, '/customer/getAll');
}

/** Which customer a search record is: its cid, or why it cannot be told, and who it might be. */
export interface RecordMatch {
	cid?: number;
	/** Customers on the list with the record's company: the record is one of them, or none. */
	candidates: IDataObject[];
	why?: string;
}

/**
 * The customer a search record describes. The spec's search record carries no cid, the customer list
 * does, by company: the record is a listed customer only when its company is that one customer's on the
 * list AND a search by the company finds this record alone (`same` tells it), so no customer, listed or
 * not (the list holds active customers only), shares the company. Anything else is no answer: a write
 * must never reach a customer chosen by a name two customers share.
 */
export async function customerOfRecord(
	request: Request,
	record: IDataObject,
	same: (record: IDataObject) => boolean,
	list?: IDataObject[],
): Promise<RecordMatch> {
	const company = lower(record.company);
	if (company.length < 3)
		return {
			candidates: [],
			why:
				company === ''
					? 'it has no company to find it by on the customer list'
					: `its company "${String(record.company)}" is too short to search by (3 characters or more)`,
		};
	const all = list ?? (await customerList(request));
	const candidates = all.filter((customer) => lower(customer.company) === company);
	if (candidates.length !== 1)
		return {
			candidates,
			why: candidates.length
				? `its company "${String(record.company)}" is ${candidates.length} customers' on the customer list`
				: `its company "${String(record.company)}" is no active customer's on the customer list`,
		};
	// Searched as the platform spells it: the spec does not say its search ignores case.
	const spelt = String(record.company).trim();
	const sharing = (
		await recordsOf(request, `/customer/search/company/${pathSegment('company', spelt)}`)
	).filter((found) => lower(found.company) === company);
	if (sharing.length !== 1 || !same(sharing[0]))
		return {
			candidates,
			why: `a search by its company "${String(record.company)}" finds ${sharing.length} customers`,
		};
	return { cid: Number(candidates[0].cid), candidates };
}

/**
 * The customers whose company or trading name is the text, or whose person (first and last name, or
 * email) is. Search records carry no cid (the spec's search record lists none): a person is the customer
 * customerOfRecord finds, or, where it finds none, every listed customer with the person's company.
 */
async function customersNamed(
	request: Request,
	text: string,
	all: IDataObject[],
): Promise<Map<string, IDataObject>> {
	const needle = lower(text);
	const found = new Map<string, IDataObject>();
	const add = (customer: IDataObject) => found.set(String(customer.cid), customer);
	for (const customer of all)
		if (lower(customer.company) === needle || lower(customer.trading_name) === needle)
			add(customer);
	const first = needle.split(' ')[0];
	const searches: Array<[string, string, (record: IDataObject) => boolean]> = [];
	if (needle.includes('@')) searches.push(['email', needle, (r) => lower(r.email) === needle]);
	else if (first.length >= 3)
		searches.push([
			'name',
			first,
			(r) => lower(`${String(r.name ?? '')} ${String(r.surname ?? '')}`) === needle,
		]);
	for (const [field, value, same] of searches) {
		for (const record of await recordsOf(
			request,
			`/customer/search/${field}/${pathSegment('value', value)}`,
		)) {
			if (!same(record)) continue;
			const match = await customerOfRecord(request, record, same, all);
			if (match.cid) add(match.candidates[0]);
			// Two candidates or more make the refusal that names them; one that the check did not confirm
			// is not the customer, so it is left out and the text names no one.
			else if (match.candidates.length > 1) match.candidates.forEach(add);
		}
	}
	return found;
}

/**
 * A customer given by name (what a person, or an AI model, most often has): the one customer whose
 * company, trading name, person name or email it is. None or several stop the item, saying which
 * customers came close and what to give instead; nothing is written.
 */
async function customerIdByName(request: Request, text: string): Promise<number> {
	const all = await customerList(request);
	const found = [...(await customersNamed(request, text, all)).values()];
	if (found.length === 1) return Number(found[0].cid);
	const give = `Give ${CUSTOMER_FORMS}.`;
	if (found.length > 1)
		throw refusal(
			`Customer "${text}" is ${found.length} customers: ${found.slice(0, 5).map(label).join(', ')}` +
				`${found.length > 5 ? ', …' : ''}. ${give}`,
		);
	const needle = lower(text);
	const near = all.filter((customer) =>
		[customer.company, customer.trading_name].some((name) => lower(name).includes(needle)),
	);
	const hint = near.length
		? ` Customers whose company contains it: ${near.slice(0, 5).map(label).join(', ')}${near.length > 5 ? ', …' : ''}.`
		: '';
	throw refusal(
		`No customer is "${text}" (ID, account_id, crm_id, company or name).${hint} ${give}`,
	);
}

/**
 * The integer customer id for any reference a customer field accepts: an ID, account_id or crm_id
 * (asked of the platform, as customerIdFor), or, when the platform finds none, a company or person name.
 */
export async function customerIdOf(request: Request, ref: unknown): Promise<number> {
	const text = String(ref ?? '').trim();
	return await customerIdFor(request, text).catch(async (error: unknown) => {
		if (/^\d+$/.test(text) || !isRefusal(error, { message: 'no customer found' })) throw error;
		return await customerIdByName(request, text);
	});
}
