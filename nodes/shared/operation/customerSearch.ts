import type { IDataObject } from 'n8n-workflow';
import { pathSegment } from '../input/path';
import { isRefusal, RefusedAnswer } from '../platform/failure';
import type { Request } from './request';
import { sameName, text } from './customerText';

/** A refusal that leaves in doubt who the customers are: nothing is written. */
export function refusal(message: string): RefusedAnswer {
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
export async function withCompany(request: Request, company: string): Promise<IDataObject[]> {
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
