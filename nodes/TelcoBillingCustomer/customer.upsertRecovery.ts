import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { clock } from '../shared/transport/clock';
import { landingKey, stillLanding } from './customer.landing';
import type { KindedFailure } from '../shared/platform/failure';
import { PlatformRequestError, RefusedAnswer } from '../shared/platform/failure';
import {
	customerList,
	customerListNow,
	customerOfRecord,
} from '../shared/operation/customerSearch';
import { sameEmail } from '../shared/operation/customerText';
import type { Request } from '../shared/operation/request';
import { howToLink } from './customer.linking';

import { idOf, inconclusive } from './customer.upsertRow';
import type { Done } from './customer.upsertRow';
import { withEmail } from './customer.upsertLookup';

// Create or Update's create, and what follows a create whose answer was lost: never a second customer.

/**
 * After a create: another execution may have created a customer with the email at the same moment
 * (each searched before either created). Both see two now, so at least one of them tells.
 */
export async function checkOnlyOne(
	request: Request,
	cid: number,
	email: string,
	body: IDataObject,
): Promise<IDataObject> {
	// The same searches as before the create: a customer made meanwhile in another case is found too.
	const matches = await withEmail(request, email, body, true).catch((error: unknown) => {
		const why = error instanceof Error ? error.message : String(error);
		throw inconclusive(
			`Customer ${cid} was created, but the search that checks no other customer has the email ` +
				`${email} failed (${why}): search for ${email} before running this item again`,
		);
	});
	if (matches.length < 2) return matches[0] ?? {};
	const ids = matches.map((record) => idOf(record.cid));
	const named = ids.every((id) => id !== undefined)
		? ` (IDs ${ids.sort((a, b) => a! - b!).join(', ')})`
		: '; the platform’s search does not give the other’s ID';
	throw inconclusive(
		`Customer ${cid} was created, but the platform now holds ${matches.length} customers with the ` +
			`email ${email}${named}: another workflow or execution created one at the same time. Merge or ` +
			'deactivate the extra customer on the platform',
	);
}

export async function create(request: Request, email: string, body: IDataObject): Promise<Done> {
	// A Dry Run cannot know the ID the platform would give the customer.
	if (request.preview) return { action: 'created', record: body };
	// Nobody found, but another execution of this process created the email and may not have landed yet.
	const landsBy = stillLanding(landingKey(request, email));
	if (landsBy !== undefined)
		throw new RefusedAnswer(
			{
				message:
					`A create of the customer with the email ${email} by another execution of this n8n got no answer ` +
					'and may still land on the platform, so nothing was created: run this row again no sooner than ' +
					`${Math.ceil((landsBy - clock().now()) / 1000)} s from now`,
				uncertain: true,
				landsBy,
			},
			'inconclusive',
		);
	const add = async (resendLost = false) =>
		(await request({
			method: 'POST',
			url: '/customer/add',
			body,
			...(resendLost && { resendLost }),
		} as IHttpRequestOptions)) as IDataObject;
	// A failure that says nothing of whether it was carried out is looked into; any other is the item's failure.
	let lost: unknown;
	const created = await add().catch((error: unknown) => {
		if (!mayHaveWritten(error)) throw error;
		lost = error;
		return undefined;
	});
	if (created === undefined) return await afterLostCreate(request, email, body, add, lost);
	const cid = idOf(created?.id);
	if (!cid)
		throw inconclusive(
			'The platform accepted the new customer but answered no customer ID for it; the customer ' +
				`may exist now: search for ${email} before running this item again`,
		);
	return { action: 'created', cid, record: body };
}

/**
 * A create whose answer was lost: the platform may or may not hold the customer. Create or Update looks before it
 * writes, so it looks again: one customer with the email is the one it made, whose ID the customer list as it is
 * now tells where the customer's company is its own. No customer with it proves the create was not carried out
 * only once it would have landed: a create answered with a failure has; one that got no answer (a timeout, a
 * closed connection) may still land for as long again as it was given, and until then nothing more is created
 * and the row ends saying so. Anything else stops the item, saying what cannot be known.
 */
async function afterLostCreate(
	request: Request,
	email: string,
	body: IDataObject,
	add: (resendLost?: boolean) => Promise<IDataObject>,
	lost: unknown,
): Promise<Done> {
	const found = await withEmail(request, email, body, true);
	if (found.length === 0) {
		const landsBy = lostFailure(lost)?.landsBy ?? 0;
		const wait = Math.ceil((landsBy - clock().now()) / 1000);
		if (wait > 0)
			throw new RefusedAnswer(
				{
					message:
						`The create of the customer with the email ${email} got no answer (${errorText(lost)}), and no ` +
						'customer has the email yet: it may still land on the platform, so nothing more was created. The ' +
						`next run finds it, or creates it if it never landed: run this row again no sooner than ${wait} s ` +
						'from now',
					uncertain: true,
					landsBy,
				},
				'inconclusive',
			);
		const cid = idOf((await add(true))?.id);
		if (!cid)
			throw inconclusive(
				'The platform accepted the new customer but answered no customer ID for it; the customer ' +
					`may exist now: search for ${email} before running this item again`,
			);
		return { action: 'created', cid, record: body };
	}
	if (found.length === 1) {
		const same = (record: IDataObject) => sameEmail(record.email, email);
		const before = await customerList(request);
		const now = await customerListNow(request);
		const match = await customerOfRecord(request, found[0], same, now);
		if (match.cid)
			return {
				action: 'created',
				cid: match.cid,
				record: { ...body, ...found[0] },
				extra: {
					why: 'the create’s answer was lost; the customer was found by its email afterwards',
				},
			};
		const known = new Set(before.map((customer) => Number(customer.cid)));
		const ids = new Set(
			now.map((customer) => Number(customer.cid)).filter((cid) => !known.has(cid)),
		);
		throw inconclusive(
			`The customer with the email ${email} was created (its answer was lost; a search found it afterwards), ` +
				`but which customer ID the platform gave it cannot be told (${String(match.why)}); nothing more was ` +
				`created. ${howToLink(email, found[0].company, now, { ids, while: 'while the create’s answer was lost' })}`,
		);
	}
	throw inconclusive(
		`The create’s answer was lost and ${found.length} customers now have the email ${email}; nothing more ` +
			'was created: check them on the platform',
	);
}

/** The failure a lost write's error carries, if it is one of the package's. */
export function lostFailure(error: unknown): KindedFailure | undefined {
	return error instanceof PlatformRequestError || error instanceof RefusedAnswer
		? error.failure
		: undefined;
}

function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** A failure after which the write may have been carried out (an answer lost, an id not given back). */
export function mayHaveWritten(error: unknown): boolean {
	if (error instanceof PlatformRequestError || error instanceof RefusedAnswer)
		return error.failure.uncertain === true || /may exist now/.test(error.failure.message);
	return false;
}
