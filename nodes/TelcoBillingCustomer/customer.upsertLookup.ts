import type { IDataObject } from 'n8n-workflow';
import { isRefusal } from '../shared/platform/failure';
import { customerIdFor } from '../shared/methods/locators';
import {
	customerList,
	customerListNow,
	customerOfRecord,
	searchComparesCase,
	searchCustomers,
} from '../shared/operation/customerSearch';
import type { RecordMatch } from '../shared/operation/customerSearch';
import { mayShowAs, sameEmail } from '../shared/operation/customerText';
import type { Request } from '../shared/operation/request';
import { customerEmails, emailOfCustomer } from './customer.emails';
import { isBlank } from '../shared/input/rules';

import { idOf, inconclusive } from './customer.upsertRow';

// What Create or Update asks the platform before it writes: who has the row's email, whose a record is, whether
// the row's customer is still on the platform, the email an ID holds.

/**
 * The one customer a search by email found: its id, or why it cannot be told. The spec's search record
 * promises no cid ("further customer data may be present"): a platform that gives it is used; otherwise
 * the customer list gives it where the record's company is one customer's and no other customer shares it
 * (customerOfRecord).
 */
export async function matchOf(
	request: Request,
	record: IDataObject,
	email: string,
): Promise<RecordMatch> {
	const given = idOf(record.cid);
	if (given) return { cid: given, candidates: [] };
	const same = (found: IDataObject) => sameEmail(found.email, email);
	const match = await customerOfRecord(request, record, same);
	// A company no listed customer has: made since this run read the list (by another execution, say), so the
	// list as it is now is asked.
	if (match.cid || match.candidates.length > 0) return match;
	return await customerOfRecord(request, record, same, await customerListNow(request));
}

/**
 * The spellings of an address a customer may be stored under, besides the one given, for a platform whose search
 * compares case: all lower, all upper, and each word before the @ capitalized, with the domain in lower case
 * and with its first name capitalized, as people and CRMs write names ("Liam.Smith@Example.com").
 */
export function otherSpellings(email: string): string[] {
	const capitalized = (part: string) =>
		part
			.toLowerCase()
			.replace(/(^|[._+-])([a-z])/g, (_all, sep: string, c: string) => sep + c.toUpperCase());
	const at = email.lastIndexOf('@');
	const local = capitalized(email.slice(0, at));
	const domain = email.slice(at + 1).toLowerCase();
	const [first, ...rest] = domain.split('.');
	const spellings = [
		email.toLowerCase(),
		email.toUpperCase(),
		`${local}@${domain}`,
		`${local}@${[capitalized(first), ...rest].join('.')}`,
	];
	return [...new Set(spellings)].filter((spelt) => spelt !== email);
}

// The row's fields searched before a create on a platform whose search compares case: a customer stored with
// the address in another case is found by any of them its record shares with the row, spelt as stored.
const BEFORE_CREATING = ['company', 'surname', 'name', 'mobile', 'abn'];

/**
 * Customers with the email, ignoring case: the search by the address as given, and, `thorough`ly (before
 * creating, and in the check after a create), what finds a customer holding it in another case: on a platform
 * whose search compares case, the address's other spellings and the row's company, surname, first name, mobile
 * and ABN (each of 3 characters or more); elsewhere its company and surname. Every record found with the email
 * (ignoring case) is taken, so two customers holding it in different cases are both seen (and the row refused),
 * never the first found alone. docs/operations.md names what could still be missed.
 */
export async function withEmail(
	request: Request,
	email: string,
	body: IDataObject,
	thorough = false,
): Promise<IDataObject[]> {
	const found = (await searchCustomers(request, 'email', email)).filter((r) =>
		sameEmail(r.email, email),
	);
	if (found.length || !thorough) return found;
	const comparesCase = await searchComparesCase(request);
	const fields = comparesCase ? BEFORE_CREATING : ['company', 'surname'];
	const others: Array<[string, string]> = [
		...(comparesCase ? otherSpellings(email) : []).map(
			(spelt) => ['email', spelt] as [string, string],
		),
		...fields.map((field) => [field, String(body[field] ?? '').trim()] as [string, string]),
	];
	// One record a customer: the same customer found by two searches is the same record.
	const seen = new Map<string, IDataObject>();
	for (const [field, value] of others) {
		if (value.length < 3) continue;
		for (const record of await searchCustomers(request, field, value))
			if (sameEmail(record.email, email))
				seen.set(
					JSON.stringify([record.cid, record.email, record.company, record.name, record.surname]),
					record,
				);
	}
	return [...seen.values()];
}

/**
 * The customer ID of the reference a row carries (`named` as the row's field calls it): digits are the ID; an
 * account_id or crm_id is looked up, and one no customer has fails the row (an existing customer's, never a cue
 * to create).
 */
export async function knownCustomerId(
	request: Request,
	ref: string,
	named: string,
): Promise<number> {
	if (/^\d+$/.test(ref)) return Number(ref);
	return await customerIdFor(request, ref).catch((error: unknown) => {
		if (!isRefusal(error, { message: 'no customer found' })) throw error;
		throw inconclusive(
			`No customer has the ${named} ${ref}; nothing was created or updated. A row that carries ` +
				'an ID is an existing customer: clear the ID in the row to create the customer again',
		);
	});
}

/**
 * The platform's word on customer `cid`, from its customer list (read once a run, whatever the rows): a customer
 * not on it was removed or made inactive since the row was last synced; one whose company there is not `company`
 * (the company the row last gave it, where given) was renamed on the platform, or its ID is now another
 * customer's (a platform reset may hand IDs out again). Either way nothing is written, and the row says which.
 */
export async function stillListed(
	request: Request,
	cid: number,
	company: unknown,
	madeLately = false,
): Promise<void> {
	const find = (list: IDataObject[]) => list.find((customer) => Number(customer.cid) === cid);
	// A customer found now may have been made since the run read the list (by another execution): asked anew.
	const listed =
		find(await customerList(request)) ??
		(madeLately ? find(await customerListNow(request)) : undefined);
	if (!listed)
		throw inconclusive(
			`Customer ${cid} is not on the platform’s customer list (its active customers): it was removed or made ` +
				'inactive on the platform, and nothing was written. If it was removed, clear the row’s Billing ' +
				'Customer ID and Last Written Fingerprint to create it again; if it is inactive, make it active on the ' +
				'platform first',
		);
	if (isBlank(company) || mayShowAs(listed.company, company)) return;
	throw inconclusive(
		`Customer ${cid}’s company on the platform is "${String(listed.company ?? '')}", not the row’s ` +
			`"${String(company)}": it was renamed on the platform, or the ID is now another customer’s (a platform ` +
			`reset hands IDs out again). Nothing was written: check customer ${cid} on the platform, then fix the ` +
			'row’s company, or clear its Billing Customer ID and Last Written Fingerprint',
	);
}

/**
 * A customer another n8n process made with this row's email (queue mode: two workers each found nobody and each
 * created), named on the row on every run until a person resolves it. Where the key can read customers' emails
 * (customer.emails.ts), a twin is another customer holding the row's email. Otherwise it shows on the customer list
 * as another customer with this customer's company: only then is the email searched (one request), and two
 * customers holding it stop the row. A twin without a company, or made inactive, is not seen that way.
 */
export async function noTwin(request: Request, cid: number, email: string): Promise<void> {
	const emails = await customerEmails(request);
	const list = await customerList(request);
	const company = list.find((customer) => Number(customer.cid) === cid)?.company;
	let others: string[];
	if (emails) {
		others = [...emails]
			.filter(([other, held]) => other !== cid && sameEmail(held, email))
			.map(([other]) => String(other));
		if (others.length === 0) return;
	} else {
		if (isBlank(company)) return;
		const twins = list.filter(
			(customer) => Number(customer.cid) !== cid && mayShowAs(customer.company, company),
		);
		if (twins.length === 0) return;
		const holders = (await searchCustomers(request, 'email', email)).filter((record) =>
			sameEmail(record.email, email),
		);
		if (holders.length < 2) return;
		others = twins.map((customer) => String(customer.cid));
	}
	throw inconclusive(
		`Customers ${[cid, ...others].join(', ')} have the email ${email}: customer ${cid} is this row’s, and ` +
			`customer ${others.join(' or ')} another made at the same time (by another n8n worker, in queue mode). ` +
			'Nothing was written: merge or deactivate the extra customer on the platform; this row stops on every ' +
			'run until then',
	);
}

/**
 * The email customer `cid` holds is the row's: checked where the key can read it (customer.emails.ts). Another
 * email there means its ID is now another customer's (a platform reset hands IDs out again) or its email was
 * changed on the platform: nothing is written, and the row says so. `held` tells whether the email the platform
 * holds is the one the row gives (or, for a row whose email changed since, the one it last gave).
 */
export async function stillItsEmail(
	request: Request,
	cid: number,
	held: (email: string) => boolean,
): Promise<void> {
	const email = await emailOfCustomer(request, cid);
	if (email === undefined || held(email)) return;
	throw inconclusive(
		`Customer ${cid} holds the email ${email} on the platform, not the one this row last gave it: its ID is now ` +
			'another customer’s (a platform reset hands IDs out again), or its email was changed on the platform. ' +
			`Nothing was written: check customer ${cid} on the platform, then fix the row, or clear its Billing ` +
			'Customer ID and Last Written Fingerprint to create it again',
	);
}

/**
 * Whose a search record is, as far as the platform's answers prove it: its own cid where the platform gives
 * one; 0 when its company is not the company the customer list shows for `cid` (another customer's, by the one
 * rule); undefined when nothing tells.
 */
export async function ownerOf(
	request: Request,
	record: IDataObject,
	cid: number,
): Promise<number | undefined> {
	const given = idOf(record.cid);
	if (given) return given;
	const listed = (await customerList(request)).find((customer) => Number(customer.cid) === cid);
	const company = (value: unknown) => String(value ?? '').trim();
	return listed && company(record.company) !== company(listed.company) ? 0 : undefined;
}
