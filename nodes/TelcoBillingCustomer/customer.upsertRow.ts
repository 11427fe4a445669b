import type { IDataObject } from 'n8n-workflow';
import { RefusedAnswer } from '../shared/platform/failure';
import { pathSegment } from '../shared/input/path';
import type { Request } from '../shared/operation/request';
import type { RequestInput } from '../shared/input/rules';
import { customerSecretFields } from './customer.fields';
import type { Changes } from './customer.changes';

// What a Create or Update row gives (its email, its ID) and what it comes to (its outcome, its item).

export const REFERENCE_HINT =
	'give the customer’s ID in Billing Customer ID (the ID an earlier run wrote back, or one from Customer Search)';

export const byEmail = (input: RequestInput) => input.param('matchOn', 'email') === 'email';

// Read from the parameter: the body's `email` may be the one given under Customer Fields.
export const emailOf = (input: RequestInput) => String(input.param('email', '') ?? '').trim();

export const knownOf = (input: RequestInput) => String(input.param('knownCid', '') ?? '').trim();

export const inconclusive = (message: string) => new RefusedAnswer({ message }, 'inconclusive');

export function idOf(value: unknown): number | undefined {
	const id = Number(value);
	return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * An update sets the customer's fields to the row's values: sent twice, it sets the same values, so it is sent
 * again after a failure that lost its answer (repeatable), where a create never is.
 */
export async function update(
	request: Request,
	cid: number | string,
	body: IDataObject,
): Promise<void> {
	// A Dry Run decides the update as a real run does, and stops short of sending it.
	if (request.preview) return;
	const options = {
		method: 'POST' as const,
		url: `/customer/update/${pathSegment('cid', cid)}`,
		body,
	};
	await request({ ...options, repeatable: true, changes: true } as typeof options);
}

/**
 * The item: what was done, the customer's id where known, what was written and why, and the customer as the
 * platform has it after (its search record with what was written over it), so a row can be matched back;
 * never a secret.
 */
type Action = 'created' | 'updated' | 'rewritten' | 'unchanged';

export function outcome(
	action: Action,
	cid: number | undefined,
	customer: IDataObject,
	extra: IDataObject = {},
): IDataObject {
	const fields: IDataObject = { ...customer };
	for (const field of ['cid', ...customerSecretFields]) delete fields[field];
	return { action, ...(cid ? { cid } : {}), ...extra, ...fields };
}

/** What an update says of itself: the fields it wrote, and why, where a field is never shown back. */
export function written(changes: Changes): IDataObject {
	return {
		written: Object.keys(changes.body),
		...(changes.why ? { why: changes.why } : {}),
	};
}

export interface Done {
	action: Action;
	cid?: number;
	/** What a path to this customer carries: a reference proven to reach it (CustomerIdentity.pathRef). */
	pathRef?: string;
	/** The customer as the platform has it now, as far as its answers show. */
	record: IDataObject;
	extra?: IDataObject;
	/** Decided by the row's Last Written Fingerprint (so it was used, whatever the outcome). */
	byFingerprint?: true;
}
