import type { IDataObject, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { BLANK_LEFT_OUT, bodyField, collection } from '../shared/declarative/describe';
import { isRefusal, RefusedAnswer } from '../shared/platform/failure';
import { pathSegment } from '../shared/input/path';
import { customerIdFor } from '../shared/methods/locators';
import { customerOfRecord } from '../shared/operation/customerRef';
import type { RecordMatch } from '../shared/operation/customerRef';
import type { Notes, Operation } from '../shared/operation/operations';
import { isBlank, rules } from '../shared/input/rules';
import type { RequestInput, Rule } from '../shared/input/rules';
import {
	customerFlagFields,
	customerRecordFields,
	customerSecretFields,
	customerTextFields,
} from './customer.fields';

/**
 * Customer Create or Update: safe by construction. It creates only when the platform answered, without
 * doubt, that no customer has the email; every other outcome of the lookup (a failure, several matches,
 * a match whose id cannot be told) fails the item and writes nothing. An Update failure is a failure,
 * never a reason to create.
 */

type Request = (options: IHttpRequestOptions) => Promise<unknown>;

const REFERENCE_HINT = 'set Match On to Customer ID, Account ID or CRM ID and give one of them';

const upsertFields: INodeProperties[] = [
	{
		displayName: 'Match On',
		name: 'matchOn',
		type: 'options',
		options: [
			{
				name: 'Email',
				value: 'email',
				description:
					'Update the one customer with this email (the platform’s search must give its ID); create ' +
					'the customer when no customer has it',
			},
			{
				name: 'Customer ID, Account ID or CRM ID',
				value: 'reference',
				description:
					'Update the customer with this reference. Never creates: the platform cannot give a new ' +
					'customer an account_id or crm_id, so a re-run would create it again.',
			},
		],
		default: 'email',
		description: 'How to tell whether the customer exists already',
	},
	{
		...bodyField({
			displayName: 'Email',
			name: 'email',
			type: 'string',
			required: true,
			placeholder: 'name@email.com',
			default: '',
			description: 'The customer’s email: matched whole, ignoring case, and saved on the customer',
		}),
		displayOptions: { show: { matchOn: ['email'] } },
	},
	{
		displayName: 'Customer ID, Account ID or CRM ID',
		name: 'customerRef',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1042, ACC-1-0042 or a CRM ID',
		description: 'The platform’s reference of the customer to update',
		displayOptions: { show: { matchOn: ['reference'] } },
	},
	collection('Customer Fields', 'customerFields', customerRecordFields, BLANK_LEFT_OUT),
];

const byEmail = (input: RequestInput) => input.param('matchOn', 'email') === 'email';

// Read from the parameter: the body's `email` may be the one given under Customer Fields.
const emailOf = (input: RequestInput) => String(input.param('email', '') ?? '').trim();

const matchRules: Rule[] = [
	(input) => (byEmail(input) && emailOf(input) === '' ? 'Email (email) is required' : undefined),
	(input) =>
		byEmail(input) && !/^[^\s@]+@[^\s@]+$/.test(emailOf(input))
			? 'Email (email) must be an email address such as name@email.com'
			: undefined,
	(input) => {
		// Both given and different: which one to save (and match on) would be a guess.
		const other = (input.param('customerFields', {}) as IDataObject).email;
		return byEmail(input) && !isBlank(other) && !sameEmail(other, emailOf(input))
			? 'Email (email) is what the customer is matched on: leave Email out of Customer Fields, ' +
					'or give the same address in both'
			: undefined;
	},
	(input) =>
		!byEmail(input) && isBlank(input.param('customerRef', ''))
			? 'Customer ID, Account ID or CRM ID (customerRef) is required'
			: undefined,
];

function sameEmail(a: unknown, b: unknown): boolean {
	const norm = (value: unknown) =>
		String(value ?? '')
			.trim()
			.toLowerCase();
	return norm(a) === norm(b);
}

const inconclusive = (message: string) => new RefusedAnswer({ message }, 'inconclusive');

async function get(request: Request, url: string): Promise<IDataObject> {
	return (await request({ method: 'GET', url, body: undefined, qs: {} })) as IDataObject;
}

/** The search's records, or a failure: an answer without its list says nothing about who exists. */
async function search(request: Request, field: string, value: string): Promise<IDataObject[]> {
	const body = await get(request, `/customer/search/${field}/${pathSegment('email', value)}`);
	if (!Array.isArray(body?.records))
		throw inconclusive(
			`The platform’s search by ${field} answered without a records list, so whether the customer ` +
				'exists is unknown; nothing was created or updated',
		);
	return body.records as IDataObject[];
}

function idOf(value: unknown): number | undefined {
	const id = Number(value);
	return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The one customer a search by email found: its id, or why it cannot be told. The spec's search record
 * promises no cid ("further customer data may be present"): a platform that gives it is used; otherwise
 * the customer list gives it where the record's company is one customer's and no other customer shares it
 * (customerOfRecord). Anything less is a guess at whom to write to: a write stops there (idOfMatch).
 */
async function matchOf(request: Request, record: IDataObject, email: string): Promise<RecordMatch> {
	const given = idOf(record.cid);
	if (given) return { cid: given, candidates: [] };
	return await customerOfRecord(request, record, (found) => sameEmail(found.email, email));
}

/** As matchOf, for a write: no id stops the item, saying why. */
async function idOfMatch(request: Request, record: IDataObject, email: string): Promise<number> {
	const match = await matchOf(request, record, email);
	if (match.cid) return match.cid;
	throw inconclusive(
		`A customer has the email ${email}, but the platform’s search gives no customer ID (cid) and ` +
			`${String(match.why)}, so which customer it is cannot be told; nothing was created or updated ` +
			`for this item: ${REFERENCE_HINT}`,
	);
}

async function update(request: Request, cid: number, body: IDataObject): Promise<void> {
	await request({ method: 'POST', url: `/customer/update/${cid}`, body });
}

/** A value as the platform holds it: a number given as text, or text the platform gives for a number, is the same. */
function sameValue(held: unknown, given: unknown): boolean {
	if (held === undefined || held === null) return false;
	return held === given || String(held) === String(given);
}

/**
 * Whether the customer already holds every value given: only fields the record shows count, so a value the
 * search does not show (phone, a password) is always written, never guessed unchanged.
 */
function holds(record: IDataObject, body: IDataObject): boolean {
	return Object.entries(body).every(
		([field, value]) =>
			Object.prototype.hasOwnProperty.call(record, field) && sameValue(record[field], value),
	);
}

/**
 * The item: what was done, the customer's id where known, and the customer as the platform has it after
 * (its search record with what was written over it), so a row can be matched back; never a secret.
 */
function outcome(
	action: 'created' | 'updated' | 'unchanged',
	cid: number | undefined,
	customer: IDataObject,
	extra: IDataObject = {},
): IDataObject {
	const fields: IDataObject = { ...customer };
	for (const field of ['cid', ...customerSecretFields]) delete fields[field];
	return { action, ...(cid ? { cid } : {}), ...extra, ...fields };
}

async function byReference(request: Request, input: RequestInput): Promise<IDataObject> {
	const ref = String(input.param('customerRef', '')).trim();
	const cid = await customerIdFor(request, ref).catch((error: unknown) => {
		if (!isRefusal(error, { message: 'no customer found' })) throw error;
		throw inconclusive(
			`No customer has the ID, account_id or crm_id ${ref}, and nothing was created: the platform ` +
				'cannot give a new customer an account_id or crm_id. Set Match On to Email to create customers',
		);
	});
	await update(request, cid, input.body);
	return outcome('updated', cid, input.body);
}

/** Customers with exactly this email, ignoring case (the search matches parts of addresses too). */
async function withEmail(request: Request, email: string): Promise<IDataObject[]> {
	return (await search(request, 'email', email)).filter((record) => sameEmail(record.email, email));
}

/**
 * After a create: another execution may have created a customer with the email at the same moment
 * (each searched before either created). Both see two now, so at least one of them tells.
 */
async function checkOnlyOne(request: Request, cid: number, email: string): Promise<IDataObject> {
	const matches = await withEmail(request, email).catch((error: unknown) => {
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

/** The customer with the email updated, left as it is, or created; `record` is the platform's view of it. */
async function createOrUpdate(
	request: Request,
	input: RequestInput,
): Promise<{ action: 'created' | 'updated' | 'unchanged'; cid?: number; record: IDataObject }> {
	const email = emailOf(input);
	const body = { ...input.body, email };
	const matches = await withEmail(request, email);
	if (matches.length > 1)
		throw inconclusive(
			`${matches.length} customers have the email ${email}; nothing was created or updated: ` +
				REFERENCE_HINT,
		);
	if (matches.length === 1) {
		const [record] = matches;
		// Nothing to write needs no id: the one customer with the email already holds every value given. Its
		// id is still given where it can be told, for the next node (a service, a charge) to use.
		if (holds(record, body))
			return { action: 'unchanged', cid: (await matchOf(request, record, email)).cid, record };
		const cid = await idOfMatch(request, record, email);
		await update(request, cid, body);
		return { action: 'updated', cid, record: { ...record, ...body } };
	}
	const created = (await request({ method: 'POST', url: '/customer/add', body })) as IDataObject;
	const cid = idOf(created?.id);
	if (!cid)
		throw inconclusive(
			'The platform accepted the new customer but answered no customer ID for it; the customer ' +
				`may exist now: search for ${email} before running this item again`,
		);
	return { action: 'created', cid, record: body };
}

const emailKey = (input: RequestInput) => `customer email ${emailOf(input).toLowerCase()}`;

/**
 * Items of one run with the same email (ignoring case and spaces) take turns: the first searches and
 * creates, updates or leaves the customer, and the later ones update the customer it found or created, by
 * its cid, or write nothing when it already holds what they give. The output says which item's customer it was.
 */
async function byEmailAddress(
	request: Request,
	input: RequestInput,
	notes: Notes,
): Promise<IDataObject> {
	const note = notes.about(emailKey(input));
	const body = { ...input.body, email: emailOf(input) };
	if (note.failed) throw inconclusive(String(note.failed));
	const cid = idOf(note.cid);
	if (cid) {
		const same = { sameCustomerAsItem: note.item };
		const known = note.customer as IDataObject;
		if (holds(known, body)) return outcome('unchanged', cid, known, same);
		await update(request, cid, body);
		note.customer = { ...known, ...body };
		return outcome('updated', cid, note.customer as IDataObject, same);
	}
	const done = await createOrUpdate(request, input);
	Object.assign(note, { cid: done.cid, item: notes.item, customer: done.record });
	if (done.action === 'created') {
		const found = await checkOnlyOne(request, Number(done.cid), emailOf(input)).catch(
			(error: unknown) => {
				// Later items of the run with this email meet the same doubt rather than write to one of two.
				note.failed =
					`Item ${notes.item} of this run created customer ${String(done.cid)} with the email ` +
					`${emailOf(input)} but could not confirm it is the only customer with it; nothing was ` +
					'created or updated';
				throw error;
			},
		);
		// What was sent stays known (the search shows no phone or password); the platform's own view over it.
		note.customer = { ...body, ...found };
	}
	return outcome(done.action, done.cid, note.customer as IDataObject);
}

export const upsertOperation: Operation = {
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update a customer',
	description:
		'Update the customer matched by email (or ID, account_id, crm_id), or create it; never creates ' +
		'when the match is in doubt',
	method: 'POST',
	path: '/customer/add',
	fields: upsertFields,
	leaveOutBlank: true,
	rules: [
		...matchRules,
		rules.date('body', 'dob', 'Date of Birth'),
		rules.oneOf('body', 'paymethod', 'Payment Method', ['invoice', 'credit card']),
	],
	dateFields: ['dob'],
	secretFields: customerSecretFields,
	textFields: customerTextFields,
	flagFields: customerFlagFields,
	writeKeys: (input) =>
		byEmail(input)
			? [emailKey(input)]
			: [`customer ${String(input.param('customerRef', '')).trim()}`],
	answerFrom: async (request, input, notes) =>
		byEmail(input)
			? await byEmailAddress(request, input, notes)
			: await byReference(request, input),
};
