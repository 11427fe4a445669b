import type { IDataObject, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { clock } from '../shared/transport/clock';
import { inProcessTurn } from '../shared/transport/processTurns';
import { landingKey, mayLand, stillLanding } from './customer.landing';
import type { KindedFailure } from '../shared/platform/failure';
import { bodyField, collection } from '../shared/tableNode/describe';
import { isRefusal, PlatformRequestError, RefusedAnswer } from '../shared/platform/failure';
import { pathSegment } from '../shared/input/path';
import { customerIdFor } from '../shared/methods/locators';
import { pathToCustomer } from '../shared/operation/customerRef';
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
import type { Notes, Operation } from '../shared/operation/operations';
import { isBlank, rules } from '../shared/input/rules';
import type { RequestInput, Rule } from '../shared/input/rules';
import {
	customerFlagFields,
	customerRecordFields,
	customerSecretFields,
	customerTextFields,
} from './customer.fields';
import { changesFor } from './customer.changes';
import { howToLink } from './customer.linking';
import type { Changes } from './customer.changes';
import { changedSince, fingerprintOf, isFingerprint } from './customer.fingerprint';
import type { Digest } from './customer.fingerprint';

/**
 * Customer Create or Update: safe by construction, and quiet on a re-run. A row that carries the customer's
 * ID (the one an earlier run wrote back) updates that customer; a row without one is matched by email, and
 * created only when the platform answered, without doubt, that no customer has the email. Every other
 * outcome of the lookup (a failure, several matches, a match whose id cannot be told) fails the item and
 * writes nothing. An Update failure is a failure, never a reason to create. Nothing is written that the
 * customer already holds.
 */

const REFERENCE_HINT =
	'give the customer’s ID in Billing Customer ID (the ID an earlier run wrote back, or one from Customer Search)';

const upsertFields: INodeProperties[] = [
	{
		displayName: 'Match On',
		name: 'matchOn',
		type: 'options',
		options: [
			{
				name: 'Billing Customer ID When Known, Otherwise Email',
				value: 'email',
				description:
					'A row with the ID an earlier run wrote back updates that customer; a row without one updates ' +
					'the one customer with its email, or creates the customer when no customer has it',
			},
			{
				name: 'Customer ID, Account ID or CRM ID Only',
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
			description:
				'The customer’s email: matched whole, ignoring case, and saved on the customer. For platforms whose ' +
				'search compares case, see Create or Update in the package’s docs/operations.md.',
		}),
		displayOptions: { show: { matchOn: ['email'] } },
	},
	{
		displayName: 'Billing Customer ID',
		name: 'knownCid',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.billing_customer_id }}',
		description:
			'The customer ID (or account_id, crm_id) an earlier run wrote back to the row. When given, that customer ' +
			'is updated and never another; leave empty for customers not synced yet.',
		displayOptions: { show: { matchOn: ['email'] } },
	},
	{
		displayName: 'Last Written Fingerprint',
		name: 'lastWritten',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.billing_fingerprint }}',
		description:
			'The fingerprint an earlier run output for this row, written back beside its customer ID. A row whose ' +
			'values have not changed since is not sent at all; a changed row writes only its changed fields.',
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
	collection('Customer Fields', 'customerFields', customerRecordFields),
];

const byEmail = (input: RequestInput) => input.param('matchOn', 'email') === 'email';

// Read from the parameter: the body's `email` may be the one given under Customer Fields.
const emailOf = (input: RequestInput) => String(input.param('email', '') ?? '').trim();

const knownOf = (input: RequestInput) => String(input.param('knownCid', '') ?? '').trim();

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

const inconclusive = (message: string) => new RefusedAnswer({ message }, 'inconclusive');

function idOf(value: unknown): number | undefined {
	const id = Number(value);
	return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The one customer a search by email found: its id, or why it cannot be told. The spec's search record
 * promises no cid ("further customer data may be present"): a platform that gives it is used; otherwise
 * the customer list gives it where the record's company is one customer's and no other customer shares it
 * (customerOfRecord).
 */
async function matchOf(request: Request, record: IDataObject, email: string): Promise<RecordMatch> {
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
 * An update sets the customer's fields to the row's values: sent twice, it sets the same values, so it is sent
 * again after a failure that lost its answer (repeatable), where a create never is.
 */
async function update(request: Request, cid: number | string, body: IDataObject): Promise<void> {
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
async function withEmail(
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
 * The item: what was done, the customer's id where known, what was written and why, and the customer as the
 * platform has it after (its search record with what was written over it), so a row can be matched back;
 * never a secret.
 */
type Action = 'created' | 'updated' | 'rewritten' | 'unchanged';

function outcome(
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
function written(changes: Changes): IDataObject {
	return {
		written: Object.keys(changes.body),
		...(changes.why ? { why: changes.why } : {}),
	};
}

async function byReference(request: Request, input: RequestInput): Promise<IDataObject> {
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
 * After a create: another execution may have created a customer with the email at the same moment
 * (each searched before either created). Both see two now, so at least one of them tells.
 */
async function checkOnlyOne(
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

interface Done {
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

/**
 * The customer ID of the reference a row carries (`named` as the row's field calls it): digits are the ID; an
 * account_id or crm_id is looked up, and one no customer has fails the row (an existing customer's, never a cue
 * to create).
 */
async function knownCustomerId(request: Request, ref: string, named: string): Promise<number> {
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
 * The customer of a row that carries its ID: that customer, and no other, is updated unless it already holds
 * every value. What it holds is read from the search by the row's email, believed only for a record proven to
 * be this customer (customerOfRecord); a record proven to be another customer's stops the row, since writing
 * its email here would give two customers one address. Otherwise every field of the row is written, saying
 * why where nothing seemed to differ.
 */
async function byKnownId(request: Request, input: RequestInput, body: IDataObject): Promise<Done> {
	const ref = knownOf(input);
	const digits = /^\d+$/.test(ref);
	const cid = await knownCustomerId(request, ref, 'Billing Customer ID');
	const email = emailOf(input);
	const found = await withEmail(request, email, body);
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
	// Nothing seems to differ: believed once the record is proven this customer's, and then nothing is written.
	if (record && Object.keys(changes.body).length === 0) {
		// Nothing written, no path used: a later row of the run that writes proves the path itself.
		if (match?.cid === cid || held !== undefined)
			return { action: 'unchanged', cid, pathRef: digits ? undefined : ref, record };
		changes.why =
			`nothing seemed to differ, but the customer with the email ${email} could not be proven to be ` +
			`customer ${cid} (${match?.why ?? `it is customer ${String(match?.cid)}`}), so every field was written`;
	} else if (!record)
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

/**
 * The email the platform holds for customer `cid`, where an answer shows it: Bulk Email's preview narrowed to that
 * customer lists its recipient (cid, company, name, surname, email) and never creates anything. Undefined where the
 * key lacks the bulk email capability (the preview's refusal), or the customer is no recipient (inactive, or
 * without a valid email). Asked once a run for a customer.
 */
async function emailOfCustomer(request: Request, cid: number): Promise<string | undefined> {
	const ask = async () => {
		const answer = (await request({
			method: 'POST',
			url: '/customer/bulk-email/preview',
			body: { customer_ids: [cid], sample_limit: 1 },
			repeatable: true,
		} as IHttpRequestOptions).catch((error: unknown) => {
			if (error instanceof PlatformRequestError && error.failure.kind === 'refused')
				return undefined;
			throw error;
		})) as IDataObject | undefined;
		const recipients = Array.isArray(answer?.recipients)
			? (answer.recipients as IDataObject[])
			: [];
		const mine = recipients.find((recipient) => Number(recipient.cid) === cid);
		return isBlank(mine?.email) ? undefined : String(mine?.email).trim();
	};
	return request.once ? await request.once(`email of customer ${cid}`, ask) : await ask();
}

/**
 * The platform's word on customer `cid`, from its customer list (read once a run, whatever the rows): a customer
 * not on it was removed or made inactive since the row was last synced; one whose company there is not `company`
 * (the company the row last gave it, where given) was renamed on the platform, or its ID is now another
 * customer's (a platform reset may hand IDs out again). Either way nothing is written, and the row says which.
 */
async function stillListed(
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
 * created), named on the row on every run until a person resolves it. A twin shows on the customer list as
 * another customer with this customer's company: only then is the email searched (one request), and two customers
 * holding it stop the row, naming them. A twin whose company is blank, or one made inactive, is not seen here.
 */
async function noTwin(request: Request, cid: number, email: string): Promise<void> {
	const list = await customerList(request);
	const company = list.find((customer) => Number(customer.cid) === cid)?.company;
	if (isBlank(company)) return;
	const twins = list.filter(
		(customer) => Number(customer.cid) !== cid && mayShowAs(customer.company, company),
	);
	if (twins.length === 0) return;
	const holders = (await searchCustomers(request, 'email', email)).filter((record) =>
		sameEmail(record.email, email),
	);
	if (holders.length < 2) return;
	const others = twins.map((customer) => String(customer.cid)).join(' or ');
	throw inconclusive(
		`${holders.length} customers have the email ${email}: customer ${cid} (this row’s) and, with its company ` +
			`"${String(company)}" on the customer list, customer ${others}. Another n8n worker created it at the same ` +
			'time (queue mode). Nothing was written: merge or deactivate the extra customer on the platform; this row ' +
			'stops on every run until then',
	);
}

/**
 * Whose a search record is, as far as the platform's answers prove it: its own cid where the platform gives
 * one; 0 when its company is not the company the customer list shows for `cid` (another customer's, by the one
 * rule); undefined when nothing tells.
 */
async function ownerOf(
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

/** The customer with the email updated, left as it is, or created; `record` is the platform's view of it. */
async function byEmailSearch(
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

async function create(request: Request, email: string, body: IDataObject): Promise<Done> {
	// A Dry Run cannot know the ID the platform would give the customer.
	if (request.preview) return { action: 'created', record: body };
	// Nobody found, but another execution of this process created the email and may not have landed yet.
	const landsBy = stillLanding(landingKey(request.platform ?? '', email));
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
function lostFailure(error: unknown): KindedFailure | undefined {
	return error instanceof PlatformRequestError || error instanceof RefusedAnswer
		? error.failure
		: undefined;
}

function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** A failure after which the write may have been carried out (an answer lost, an id not given back). */
function mayHaveWritten(error: unknown): boolean {
	if (error instanceof PlatformRequestError || error instanceof RefusedAnswer)
		return error.failure.uncertain === true || /may exist now/.test(error.failure.message);
	return false;
}

const SINCE_FINGERPRINT = 'changed since the row’s Last Written Fingerprint';

/** The row's Last Written Fingerprint, if it gave one. */
const lastOf = (input: RequestInput) => String(input.param('lastWritten', '') ?? '').trim();

/** Why a fingerprint given was not used: the row was then matched as if it gave none. */
function unusedFingerprint(input: RequestInput): string | undefined {
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
function fingerprinted(request: Request, body: IDataObject, cid: number | undefined): IDataObject {
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
async function sinceFingerprint(
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
	if (email) await noTwin(request, cid, email);
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

/** The body without the named fields. */
function without(body: IDataObject, fields: string[]): IDataObject {
	return Object.fromEntries(Object.entries(body).filter(([field]) => !fields.includes(field)));
}

const idKey = (known: string) => `customer ${known}`;

const emailKey = (input: RequestInput) => `customer email ${emailOf(input).toLowerCase()}`;

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
async function byEmailAddress(
	request: Request,
	input: RequestInput,
	notes: Notes,
): Promise<IDataObject> {
	const known = knownOf(input);
	// Rows of one run settle by the customer they name: its ID where they carry one, else their email.
	const note = notes.about(known ? idKey(known) : emailKey(input));
	const body: IDataObject = { ...input.body, email: emailOf(input) };
	if (note.failed) throw inconclusive(String(note.failed));
	const cid = idOf(note.cid);
	const settled = note.given !== undefined;
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
	const key = landingKey(request.platform ?? '', emailOf(input));
	const done = known
		? await decide(request, input, body, note, notes)
		: await inProcessTurn(key, async () => await decide(request, input, body, note, notes, key));
	// Matched without the fingerprint given: said why.
	const unread = done.byFingerprint ? undefined : unusedFingerprint(input);
	const why = [done.extra?.why, unread].filter(Boolean).join('; ');
	return outcome(done.action, done.cid, note.customer as IDataObject, {
		...done.extra,
		...(why ? { why } : {}),
		...fingerprinted(request, body, done.cid),
	});
}

export const upsertOperation: Operation = {
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update a customer',
	description:
		'Update the customer with the ID a row carries, or the one with its email, or create it; never ' +
		'creates when the match is in doubt',
	method: 'POST',
	path: '/customer/add',
	readsBeforeWriting: true,
	fields: upsertFields,
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
			? [emailKey(input), ...(knownOf(input) ? [idKey(knownOf(input))] : [])]
			: [`customer ${String(input.param('customerRef', '')).trim()}`],
	answerFrom: async (request, input, notes) => {
		const done = byEmail(input)
			? await byEmailAddress(request, input, notes)
			: await byReference(request, input);
		return (request as Request).preview ? previewed(done) : done;
	},
};

const WOULD: Record<string, string> = {
	created: 'wouldCreate',
	updated: 'wouldUpdate',
	rewritten: 'wouldRewrite',
};

/** A Dry Run's item: what the row would do, said as such; an unchanged row is unchanged either way. */
function previewed(done: IDataObject): IDataObject {
	const action = WOULD[String(done.action)] ?? done.action;
	const { written, ...rest } = done;
	return { ...rest, action, dryRun: true, ...(written ? { wouldWrite: written } : {}) };
}
