import type { IDataObject } from 'n8n-workflow';
import { isBlank } from '../shared/input/rules';
import { mayShowAs } from '../shared/operation/customerText';

// At most this many candidates are named; the newest first (IDs grow), since an unlinked row's customer is
// usually one made lately.
const NAMED = 10;

/**
 * How a person links a row whose customer's ID the platform's answers cannot tell (its search record carries no
 * ID, and the customer list tells customers apart only by company): the customers on `list` with the record's
 * company (or without one), newest first, those that `appeared` in a window said so, and the step to take.
 */
export function howToLink(
	email: string,
	company: unknown,
	list: IDataObject[],
	appeared?: { ids: Set<number>; while: string },
): string {
	const blank = isBlank(company);
	const alike = list
		.filter((customer) =>
			blank ? isBlank(customer.company) : mayShowAs(customer.company, company),
		)
		.map((customer) => Number(customer.cid))
		.filter((cid) => Number.isSafeInteger(cid) && cid > 0)
		.sort((a, b) => b - a);
	const fresh = alike.filter((cid) => appeared?.ids.has(cid));
	const ordered = [...fresh, ...alike.filter((cid) => !fresh.includes(cid))];
	const named = ordered.slice(0, NAMED);
	const where = blank
		? 'on the customer list without a company'
		: `on the customer list with the company "${String(company)}"`;
	const more = ordered.length > NAMED ? `; the newest ${NAMED} of ${ordered.length}` : '';
	const newly = fresh.length
		? `; ${fresh.join(', ')} appeared ${appeared?.while ?? 'meanwhile'}`
		: '';
	const candidates = named.length
		? `Candidates: customer ${named.join(', ')} (${where}${newly}${more}).`
		: 'No customer on the customer list shares its company (an inactive customer is not on it).';
	return (
		`${candidates} To link the row, find which customer has the email ${email} on the platform and put its ` +
		'ID in the row’s Billing Customer ID: the next run updates that customer and no other (docs/operations.md, ' +
		'"Linking a row")'
	);
}
