import type { IDataObject } from 'n8n-workflow';
import { pathToCustomer } from '../shared/operation/customerRef';
import type { Request } from '../shared/operation/request';
import { sameEmail } from '../shared/operation/customerText';
import type { RequestInput } from '../shared/input/rules';
import { changedSince, fingerprintOf, holds, isFingerprint } from './customer.fingerprint';
import type { Digest } from './customer.fingerprint';

import { idOf, inconclusive, update } from './customer.upsertRow';
import type { Done } from './customer.upsertRow';
import {
	knownCustomerId,
	matchOf,
	noTwin,
	stillItsEmail,
	stillListed,
	withEmail,
} from './customer.upsertLookup';

// A row compared with its Last Written Fingerprint (customer.fingerprint.ts reads and writes the text itself).

const SINCE_FINGERPRINT = 'changed since the row’s Last Written Fingerprint';

/** The row's Last Written Fingerprint, if it gave one. */
const lastOf = (input: RequestInput) => String(input.param('lastWritten', '') ?? '').trim();

/** Why a fingerprint given was not used: the row was then matched as if it gave none. */
export function unusedFingerprint(input: RequestInput): string | undefined {
	const last = lastOf(input);
	if (!last) return undefined;
	return isFingerprint(last)
		? 'the Last Written Fingerprint given was written for another customer (or with another API key), so the ' +
				'row was matched as if none was given'
		: 'the Last Written Fingerprint given could not be read (not one this package writes), so the row was ' +
				'matched as if none was given';
}

/** The department's keyed digest, as the node run's requests carry it. */
function digestOf(request: Request): Digest {
	return request.digest ?? ((text) => text);
}

/**
 * The fingerprint an item outputs: of the values the row synced to customer `cid`. None where nothing was written
 * (a Dry Run) or the customer's ID is unknown: a fingerprint says what a customer was last given.
 */
export function fingerprinted(
	request: Request,
	body: IDataObject,
	cid: number | undefined,
): IDataObject {
	return cid && !request.preview
		? { fingerprint: fingerprintOf(body, cid, digestOf(request)) }
		: {};
}

/**
 * A row that carries its customer's ID and the fingerprint of what it last synced: compared with itself, not
 * with the platform (whose answers cannot show what a customer holds by its ID). Unchanged, it sends nothing;
 * changed, it writes exactly the changed fields to that customer, a new email only once no other customer is
 * found holding it. What the node cannot see: a change made on the platform since the row was last synced.
 */
export async function sinceFingerprint(
	request: Request,
	input: RequestInput,
	ref: string,
	email: string | undefined,
	body: IDataObject,
): Promise<Done | undefined> {
	const last = lastOf(input);
	if (!ref || !isFingerprint(last)) return undefined;
	const digits = /^\d+$/.test(ref);
	const cid = await knownCustomerId(request, ref, 'ID');
	// Written for another customer (a row re-linked since): no evidence of what this one holds.
	const changed = changedSince(last, body, cid, digestOf(request));
	if (changed === undefined) return undefined;
	// What the CRM cannot know: the customer gone from the platform, or renamed there (or its ID another's), or
	// made twice by another n8n worker.
	await stillListed(request, cid, changed.includes('company') ? undefined : body.company);
	if (email) {
		// The email the ID's customer holds is the row's, or, where the row's changed since, the one it last gave.
		await stillItsEmail(request, cid, (held) =>
			changed.includes('email')
				? holds(last, 'email', held, cid, digestOf(request))
				: sameEmail(held, email),
		);
		// A twin holds the email the row still gives (a changed one is checked below, as any new email is).
		if (!changed.includes('email')) await noTwin(request, cid, email);
	}
	if (changed.length === 0) return { action: 'unchanged', cid, record: body, byFingerprint: true };
	if (email && changed.includes('email')) {
		const holders = await withEmail(request, email, body);
		if (holders.length > 1)
			throw inconclusive(
				`${holders.length} customers have the email ${email}; nothing was written to customer ${cid}: fix the ` +
					'row’s email, or merge them on the platform',
			);
		for (const record of holders) {
			const owner = idOf(record.cid) ?? (await matchOf(request, record, email)).cid;
			if (owner !== cid)
				throw inconclusive(
					`The email ${email} is another customer’s${owner ? ` (customer ${owner})` : ''}, or a customer ` +
						`whose ID cannot be told; nothing was written to customer ${cid}: fix the row’s email`,
				);
		}
	}
	const pathRef = digits ? await pathToCustomer(request, cid, 'The row’s customer ID') : ref;
	const writes = Object.fromEntries(changed.map((field) => [field, body[field]]));
	await update(request, pathRef, writes);
	return {
		action: 'updated',
		cid,
		pathRef,
		record: body,
		extra: { changed, written: changed, why: SINCE_FINGERPRINT },
		byFingerprint: true,
	};
}
