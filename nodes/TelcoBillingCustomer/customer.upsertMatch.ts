import type { IDataObject } from 'n8n-workflow';
import { isRefusal } from '../shared/platform/failure';
import { customerIdFor } from '../shared/methods/locators';
import { pathToCustomer } from '../shared/operation/customerRef';
import { customerList } from '../shared/operation/customerSearch';
import { sameEmail } from '../shared/operation/customerText';
import type { Request } from '../shared/operation/request';
import type { RequestInput } from '../shared/input/rules';
import { changesFor } from './customer.changes';
import { howToLink } from './customer.linking';

import {
	REFERENCE_HINT,
	emailOf,
	inconclusive,
	knownOf,
	outcome,
	update,
	written,
} from './customer.upsertRow';
import type { Done } from './customer.upsertRow';
import { knownCustomerId, matchOf, ownerOf, stillListed, withEmail } from './customer.upsertLookup';
import { emailOfCustomer, emailsReadable } from './customer.emails';
import { create } from './customer.upsertRecovery';
import { fingerprinted, sinceFingerprint, unusedFingerprint } from './customer.upsertFingerprint';

// The three ways a Create or Update row finds its customer: by its ID, by its email, by a reference.

export async function byReference(request: Request, input: RequestInput): Promise<IDataObject> {
	const ref = String(input.param('customerRef', '')).trim();
	const since = await sinceFingerprint(request, input, ref, undefined, input.body);
	// Decided by the fingerprint, it is given again: the CRM keeps what it wrote back.
	if (since)
		return outcome(since.action, since.cid, input.body, {
			...since.extra,
			...fingerprinted(request, input.body, since.cid),
		});
	const unread = unusedFingerprint(input);
	const cid = await customerIdFor(request, ref).catch((error: unknown) => {
		if (!isRefusal(error, { message: 'no customer found' })) throw error;
		throw inconclusive(
			`No customer has the ID, account_id or crm_id ${ref}, and nothing was created: the platform ` +
				'cannot give a new customer an account_id or crm_id. Set Match On to Email to create customers',
		);
	});
	// The path carries the reference as given: the read with it proved which customer it reaches.
	await update(request, ref, input.body);
	return outcome('rewritten', cid, input.body, {
		written: Object.keys(input.body),
		why: [
			'the platform’s answers do not show what a customer holds by its reference, so every field was written',
			unread,
		]
			.filter(Boolean)
			.join('; '),
		...fingerprinted(request, input.body, cid),
	});
}

/**
 * The customer of a row that carries its ID: that customer, and no other, is updated unless it already holds
 * every value. What it holds is read from the search by the row's email, believed only for a record proven to
 * be this customer (customerOfRecord); a record proven to be another customer's stops the row, since writing
 * its email here would give two customers one address. Otherwise every field of the row is written, saying
 * why where nothing seemed to differ.
 */
export async function byKnownId(
	request: Request,
	input: RequestInput,
	body: IDataObject,
): Promise<Done> {
	const ref = knownOf(input);
	const digits = /^\d+$/.test(ref);
	const cid = await knownCustomerId(request, ref, 'Billing Customer ID');
	const email = emailOf(input);
	// Every spelling a customer may hold the email in, as before a create: a customer holding it in another case
	// is the customer a write of the row's email would give a second one.
	const found = await withEmail(request, email, body, true);
	if (found.length > 1)
		throw inconclusive(
			`${found.length} customers have the email ${email}; nothing was written to customer ${cid}: ` +
				'merge them on the platform, or give the row another email',
		);
	const [record] = found;
	// Nobody with the email: only the company on the customer list still links the row to customer `cid`.
	await stillListed(request, cid, record ? undefined : body.company);
	const owner = record ? await ownerOf(request, record, cid) : undefined;
	if (owner !== undefined && owner !== cid)
		throw inconclusive(
			`The email ${email} is another customer’s${owner ? ` (customer ${owner})` : ''}, not customer ` +
				`${cid}’s; nothing was written: fix the row’s email or its Billing Customer ID`,
		);
	const changes = changesFor(record, body);
	// Whose the record with the email is: this customer's by the customer list, or by the email the platform
	// shows for the ID; an ID whose customer holds another email is another customer's, and nothing is written.
	const match = record ? await matchOf(request, record, email) : undefined;
	const held = match?.cid !== cid ? await emailOfCustomer(request, cid) : undefined;
	if (held !== undefined && !sameEmail(held, email))
		throw inconclusive(
			record
				? `Customer ${cid} has the email ${held} on the platform, and another customer has the row’s email ` +
						`${email}: the row’s Billing Customer ID is another customer’s (copied from another row?). Nothing ` +
						'was written: fix the row’s Billing Customer ID'
				: `Customer ${cid} has the email ${held} on the platform, and no customer has the row’s email ${email}: ` +
						'the row’s email changed, or its Billing Customer ID is another customer’s (copied from another ' +
						'row?). Nothing was written. A row’s Last Written Fingerprint tells an email changed in the CRM; ' +
						'without one, write the new email once with Match On set to Customer ID, Account ID or CRM ID Only',
		);
	// A customer holds the row's email and nothing proves it is customer `cid`: writing the row there could give a
	// colleague of its company this row's values and email (an ID copied from another row). Nothing is written.
	if (record && match?.cid !== cid && held === undefined)
		throw inconclusive(
			`A customer has the email ${email}, but that it is customer ${cid} cannot be proven ` +
				`(${match?.why ?? `it is customer ${String(match?.cid)}`}; ` +
				`${await unreadableWhy(request, cid)}). ` +
				'Nothing was written: give the row its Last Written Fingerprint (Match On: Customer ID, Account ID or ' +
				'CRM ID Only writes the row to its ID and outputs one), or use a key with the bulk email capability',
		);
	// Nobody holds the row's email, and what customer `cid` holds cannot be read: writing the row there would change
	// its email on no proof (the row's email changed, or its ID was copied from another row). Nothing is written.
	if (!record && held === undefined)
		throw inconclusive(
			`No customer has the row’s email ${email}, and the email customer ${cid} holds cannot be read ` +
				`(${await unreadableWhy(request, cid)}): ` +
				'the row’s email changed, or its Billing Customer ID is another customer’s. Nothing was written: give ' +
				'the row its Last Written Fingerprint (Match On: Customer ID, Account ID or CRM ID Only writes the row to ' +
				'its ID and outputs one), or use a key with the bulk email capability',
		);
	// Nothing seems to differ: believed once the record is proven this customer's, and then nothing is written.
	if (record && Object.keys(changes.body).length === 0)
		// Nothing written, no path used: a later row of the run that writes proves the path itself.
		return { action: 'unchanged', cid, pathRef: digits ? undefined : ref, record };
	if (!record)
		changes.why =
			`no customer has the email ${email} on the platform’s search, so what customer ${cid} holds cannot ` +
			'be compared with the row: every field was written';
	// Something differs: the whole row is written to the ID's customer, so nothing rests on whose record the
	// search found (one request, no proof needed). `changed` names what differed from that record.
	const changed = Object.keys(changes.body);
	// An account_id or crm_id goes as given: the read with it proved where a path with it goes. An ID's digits
	// may be another customer's crm_id (which wins the spec leaves open): proven to reach this customer first.
	const pathRef = digits
		? await pathToCustomer(request, cid, 'The row’s Billing Customer ID')
		: ref;
	await update(request, pathRef, body);
	// Written whole because nothing told what the customer holds: not an update of known changes.
	const proven = record !== undefined && (changed.length > 0 || changes.why === undefined);
	return {
		action: proven ? 'updated' : 'rewritten',
		cid,
		pathRef,
		record: { ...(record ?? {}), ...body },
		extra: {
			...written({ ...changes, body }),
			...(record && changed.length ? { changed } : {}),
		},
	};
}

/** The customer with the email updated, left as it is, or created; `record` is the platform's view of it. */
export async function byEmailSearch(
	request: Request,
	input: RequestInput,
	body: IDataObject,
): Promise<Done> {
	const email = emailOf(input);
	const matches = await withEmail(request, email, body, true);
	if (matches.length > 1)
		throw inconclusive(
			`${matches.length} customers have the email ${email}; nothing was created or updated: ${REFERENCE_HINT}`,
		);
	if (matches.length === 1) {
		const [record] = matches;
		const changes = changesFor(record, body);
		// Nothing to write needs no id: the one customer with the email already holds every value given. Its
		// id is still given where it can be told, for the next node (a service, a charge) to use.
		const match = await matchOf(request, record, email);
		// The one customer with the email, told by its ID: an inactive one is not taken as synced.
		if (match.cid) await stillListed(request, match.cid, undefined, true);
		const unlinked = async () => howToLink(email, record.company, await customerList(request));
		if (Object.keys(changes.body).length === 0)
			return {
				action: 'unchanged',
				cid: match.cid,
				record,
				...(match.cid
					? {}
					: {
							extra: {
								why:
									`the customer holds every value, but its ID cannot be told (${String(match.why)}). ` +
									(await unlinked()),
							},
						}),
			};
		if (!match.cid)
			throw inconclusive(
				`A customer has the email ${email}, but the platform’s search gives no customer ID (cid) and ` +
					`${String(match.why)}, so which customer it is cannot be told; nothing was created or updated ` +
					`for this item. ${await unlinked()}`,
			);
		// The ID came from the customer list or a search record: proven to reach that customer in a path first.
		const pathRef = await pathToCustomer(
			request,
			match.cid,
			`The customer with the email ${email}`,
		);
		await update(request, pathRef, changes.body);
		return {
			action: 'updated',
			cid: match.cid,
			pathRef,
			record: { ...record, ...body },
			extra: written(changes),
		};
	}
	return await create(request, email, body);
}

/** Why the email customer `cid` holds cannot be read: the key, or the customer. */
async function unreadableWhy(request: Request, cid: number): Promise<string> {
	return (await emailsReadable(request))
		? `customer ${cid} holds no valid email`
		: 'this key lacks the bulk email capability, which shows the email an ID holds';
}
