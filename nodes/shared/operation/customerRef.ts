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

/**
 * The customers whose company or trading name is the text, or whose person (first and last name, or
 * email) is. Search records carry no cid (the spec's search record lists none): a person is matched to
 * the customer list by company, and counts only where that company is one customer's.
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
			// Without a company the record cannot be told apart on the customer list: it names no one.
			if (!same(record) || lower(record.company) === '') continue;
			const companies = all.filter((customer) => lower(customer.company) === lower(record.company));
			if (companies.length === 1) add(companies[0]);
			else companies.forEach(add);
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
	const all = await recordsOf(request, '/customer/getAll');
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
