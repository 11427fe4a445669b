import type { IDataObject } from 'n8n-workflow';
import { clock } from '../shared/transport/clock';
import { inProcessTurn } from '../shared/transport/processTurns';
import { landingKey, mayLand } from './customer.landing';
import { pathToCustomer } from '../shared/operation/customerRef';
import { sameEmail } from '../shared/operation/customerText';
import type { Request } from '../shared/operation/request';
import type { Notes } from '../shared/operation/operations';
import { isBlank } from '../shared/input/rules';
import type { RequestInput } from '../shared/input/rules';
import { changesFor } from './customer.changes';

import {
	REFERENCE_HINT,
	emailOf,
	idOf,
	inconclusive,
	knownOf,
	outcome,
	update,
	written,
} from './customer.upsertRow';
import type { Done } from './customer.upsertRow';
import { checkOnlyOne, lostFailure, mayHaveWritten } from './customer.upsertRecovery';
import { fingerprinted, sinceFingerprint, unusedFingerprint } from './customer.upsertFingerprint';
import { byEmailSearch, byKnownId } from './customer.upsertMatch';

// The rows of one node run that name one customer settle on one outcome, each in its turn.

/** The body without the named fields. */
function without(body: IDataObject, fields: string[]): IDataObject {
	return Object.fromEntries(Object.entries(body).filter(([field]) => !fields.includes(field)));
}

export const idKey = (known: string) => `customer ${known}`;

export const emailKey = (input: RequestInput) => `customer email ${emailOf(input).toLowerCase()}`;

/**
 * The row's outcome, by its fingerprint, its ID or its email (noted for the later rows of the run with its email
 * or ID); after a create, the check that the customer made is the only one with the email. `landing` (a row
 * without an ID): a create of this email by this process that may still land stops it, and one of its own that
 * may still land is remembered for the other executions.
 */
async function decide(
	request: Request,
	input: RequestInput,
	body: IDataObject,
	note: IDataObject,
	notes: Notes,
	landing?: string,
): Promise<Done> {
	const known = knownOf(input);
	const email = emailOf(input);
	const done = await (async () =>
		(await sinceFingerprint(request, input, known, email, body)) ??
		(known
			? await byKnownId(request, input, body)
			: await byEmailSearch(request, input, body)))().catch((error: unknown) => {
		// A write whose answer was lost may have made the customer: a later row with the email must not
		// make another, on a platform whose search cannot find it by another case of the address.
		if (mayHaveWritten(error)) {
			note.failed =
				`Item ${notes.item} of this run may have created or updated the customer with the email ` +
				`${email} (its answer was lost); nothing was created or updated: search for it first`;
			const until = lostFailure(error)?.landsBy;
			if (landing !== undefined && until !== undefined && until > clock().now())
				mayLand(landing, until);
		}
		throw error;
	});
	Object.assign(note, {
		cid: done.cid,
		...(done.pathRef ? { pathRef: done.pathRef } : {}),
		item: notes.item,
		customer: done.record,
		given: Object.keys(body),
	});
	if (done.action === 'created' && !request.preview) {
		const found = await checkOnlyOne(request, Number(done.cid), email, body).catch(
			(error: unknown) => {
				// Later items of the run with this email meet the same doubt rather than write to one of two.
				note.failed =
					`Item ${notes.item} of this run created customer ${String(done.cid)} with the email ` +
					`${email} but could not confirm it is the only customer with it; nothing was ` +
					'created or updated';
				throw error;
			},
		);
		// What was sent stays known (the search shows no phone or password); the platform's own view over it.
		note.customer = { ...body, ...found };
	}
	return done;
}

/**
 * Rows of one run with the same email (ignoring case) take turns and settle on one outcome: the first is
 * matched (by its ID, or by email) and written; a later one writes only the fields no earlier row of the
 * run gave, so two rows that disagree do not undo each other on every run. Its item says which row's values
 * were kept.
 */
export async function byEmailAddress(
	request: Request,
	input: RequestInput,
	notes: Notes,
): Promise<IDataObject> {
	const known = knownOf(input);
	// Rows of one run settle by the customer they name: by its ID where they carry one, and by their email, so a
	// row with an ID and a duplicate of it without one (the email in another case, say) settle on one outcome.
	// A note decided under one of the two keys is the other's too (`sameAs`): one note a customer, however found.
	const rawById = known ? notes.about(idKey(known)) : undefined;
	const rawByEmail = notes.about(emailKey(input));
	const follow = (one?: IDataObject) => (one?.sameAs as IDataObject | undefined) ?? one;
	const [byId, byEmail] = [follow(rawById), follow(rawByEmail)];
	const decided = (one?: IDataObject) =>
		one !== undefined && (one.given !== undefined || !!one.failed);
	const note = decided(byId) ? byId! : decided(byEmail) ? byEmail! : (byId ?? byEmail!);
	const mirror = () => {
		for (const raw of [rawById, rawByEmail])
			if (raw && raw !== note && !raw.sameAs && !decided(raw)) raw.sameAs = note;
	};
	const body: IDataObject = { ...input.body, email: emailOf(input) };
	if (note.failed) throw inconclusive(String(note.failed));
	const cid = idOf(note.cid);
	const settled = note.given !== undefined;
	// Settled by its email behind a row of another customer ID: which customer the email is, is in doubt.
	if (settled && /^\d+$/.test(known) && cid !== undefined && cid !== Number(known))
		throw inconclusive(
			`Item ${String(note.item)} of this run has the email ${emailOf(input)} as customer ${cid}, and this row ` +
				`carries the Billing Customer ID ${known}; nothing was written for this item: fix its Billing Customer ID ` +
				'or its email',
		);
	if (settled) {
		// Settled by the ID it carries: one customer has one email, so a row with another email carries another
		// customer's ID (or the wrong email), and nothing of it is written there or fingerprinted for it.
		const noted = (note.customer as IDataObject | undefined)?.email;
		if (known && !isBlank(noted) && !sameEmail(noted, emailOf(input)))
			throw inconclusive(
				`Item ${String(note.item)} of this run carries the same Billing Customer ID (${known}) with the email ` +
					`${String(noted)}; a customer has one email, so this row’s ID is another customer’s or its email is ` +
					'wrong. Nothing was written for this item: fix its Billing Customer ID or its email',
			);
		const earlier = note.given as string[];
		const own = Object.fromEntries(
			Object.entries(body).filter(([field]) => !earlier.includes(field)),
		);
		// Fields an earlier row gave keep its value; this row's differing value is named, not written.
		const kept = Object.keys(body).filter(
			(field) =>
				earlier.includes(field) &&
				field in changesFor(note.customer as IDataObject, { [field]: body[field] }).body,
		);
		const keptWhy =
			`${kept.join(', ')} ${kept.length === 1 ? 'was' : 'were'} given by item ` +
			`${String(note.item)} of this run, whose value is kept`;
		const same = {
			sameCustomerAsItem: note.item,
			...(kept.length ? { notWritten: kept, why: keptWhy } : {}),
		};
		const changes = changesFor(note.customer as IDataObject, own);
		// Only what the customer was given: a value kept from an earlier row is no value of this row's synced.
		const fingerprint = fingerprinted(request, without(body, kept), cid);
		if (Object.keys(changes.body).length === 0)
			return outcome('unchanged', cid, note.customer as IDataObject, { ...same, ...fingerprint });
		if (!cid && !request.preview)
			throw inconclusive(
				`Item ${String(note.item)} of this run has the same email, and which customer has it cannot be ` +
					`told; nothing was updated for this item: ${REFERENCE_HINT}`,
			);
		const pathRef = note.pathRef
			? String(note.pathRef)
			: cid
				? await pathToCustomer(request, cid, `Item ${String(note.item)}’s customer`)
				: '';
		await update(request, pathRef, changes.body);
		note.pathRef = pathRef;
		note.customer = { ...(note.customer as IDataObject), ...changes.body };
		note.given = [...earlier, ...Object.keys(changes.body)];
		const why = [changes.why, kept.length ? keptWhy : undefined].filter(Boolean).join('; ');
		return outcome('updated', cid, note.customer as IDataObject, {
			...same,
			...written(changes),
			...(why ? { why } : {}),
			...fingerprint,
		});
	}
	// A row without an ID searches, then may create: in one turn with every execution of this process, so two
	// syncs at once never both find nobody and both create.
	const key = landingKey(request, emailOf(input));
	const done = await (
		known
			? decide(request, input, body, note, notes)
			: inProcessTurn(key, async () => await decide(request, input, body, note, notes, key))
	).finally(mirror);
	// Matched without the fingerprint given: said why.
	const unread = done.byFingerprint ? undefined : unusedFingerprint(input);
	const why = [done.extra?.why, unread].filter(Boolean).join('; ');
	return outcome(done.action, done.cid, note.customer as IDataObject, {
		...done.extra,
		...(why ? { why } : {}),
		...fingerprinted(request, body, done.cid),
	});
}
