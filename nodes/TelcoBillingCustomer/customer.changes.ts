import type { IDataObject } from 'n8n-workflow';
import { sameEmail } from '../shared/operation/customerText';

/** What an update must write to a customer, and why where that is not plain from the record. */
export interface Changes {
	body: IDataObject;
	why?: string;
}

/** A value as the platform holds it: a number given as text, or text the platform gives for a number, is the same. */
function sameValue(field: string, held: unknown, given: unknown): boolean {
	if (held === undefined || held === null) return false;
	if (field === 'email') return sameEmail(held, given);
	return held === given || String(held) === String(given);
}

/**
 * The fields of `body` the customer does not already hold, judged from its search record: a field the record
 * does not show (phone, a password: the spec's search record lists neither) cannot be seen to hold, so it is
 * always written, and the item says so. No record: everything is written.
 */
export function changesFor(record: IDataObject | undefined, body: IDataObject): Changes {
	if (!record) return { body: { ...body } };
	const changed: IDataObject = {};
	const unseen: string[] = [];
	for (const [field, value] of Object.entries(body)) {
		if (!Object.prototype.hasOwnProperty.call(record, field)) {
			unseen.push(field);
			changed[field] = value;
		} else if (!sameValue(field, record[field], value)) changed[field] = value;
	}
	if (unseen.length === 0) return { body: changed };
	const one = unseen.length === 1;
	return {
		body: changed,
		why:
			`${unseen.join(', ')} ${one ? 'is' : 'are'} not shown back by the platform’s customer search, so ` +
			`${one ? 'it is' : 'they are'} written on every run`,
	};
}
