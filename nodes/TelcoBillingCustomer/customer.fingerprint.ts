import type { IDataObject } from 'n8n-workflow';
import { customerRecordFields } from './customer.fields';

/*
 * What a row last synced, as a short text the workflow writes back beside the customer's ID. The spec gives no
 * read of a customer's fields by its ID (its search record carries no cid), so a row whose customer shares its
 * company with others cannot be compared with what the customer holds: without this, every such row was
 * written again every night. With it, a row compares with itself: what it gave when it was last synced.
 *
 * The customer it was written to first (a row re-linked to another customer is no row already synced there), then
 * one slot a field, in a fixed order (new fields are added at the end: an older fingerprint then has fewer slots,
 * read as not given): a digest of the field's value, or empty where the row gave none. A digest per field tells
 * which fields changed without holding their values. The digests are keyed with the department's API key, so a
 * fingerprint written back to a CRM says nothing of a short value (a bank account number) to whoever reads it;
 * a new key makes every fingerprint unreadable once. Never changes meaning for a saved "v1." text: a change of
 * rule is a new version.
 */

/** A keyed digest (HMAC-SHA-256, the department's API key), base64url. */
export type Digest = (text: string) => string;

const VERSION = 'v1';

// The slots of the first release, in their order: never reordered, so a saved fingerprint keeps its meaning.
const FIRST_FIELDS = [
	'email',
	'company',
	'name',
	'surname',
	'mobile',
	'phone',
	'abn',
	'dob',
	'ctgid',
	'paymethod',
	'credit_management',
	'card_token',
	'bank_name',
	'bank_bsb',
	'bank_number',
	'web_password',
];

// Every other field the node offers after them, by name: a field added to the customer fields is fingerprinted
// with no line here (an older fingerprint lacks its slot, read as not given, so it is written once). Slots moved
// by a later field sorting before them read as changed, never as unchanged: each digest holds its field's name.
const FIELDS = [
	...FIRST_FIELDS,
	...customerRecordFields
		.map((field) => field.name)
		.filter((name) => !FIRST_FIELDS.includes(name))
		.sort(),
];

const SLOT = /^[A-Za-z0-9_-]{8}$/;

function blank(value: unknown): boolean {
	return value === undefined || value === null || String(value).trim() === '';
}

function slotOf(digest: Digest, field: string, value: unknown): string {
	if (blank(value)) return '';
	// An email is the same address in any case, as the match compares it.
	const text = field === 'email' ? String(value).trim().toLowerCase() : String(value).trim();
	return digest(`${field}\n${text}`).slice(0, 8);
}

/**
 * The fingerprint of the values a row gives (blank values are not given: an update never writes them), written to
 * customer `cid`.
 */
export function fingerprintOf(body: IDataObject, cid: number, digest: Digest): string {
	const customer = slotOf(digest, 'customer', cid);
	return [VERSION, customer, ...FIELDS.map((field) => slotOf(digest, field, body[field]))].join(
		'.',
	);
}

/** Whether a text is a fingerprint this version reads, whoever it was written for. */
export function isFingerprint(fingerprint: string): boolean {
	const [version, customer, ...slots] = fingerprint.trim().split('.');
	return (
		version === VERSION &&
		customer !== undefined &&
		SLOT.test(customer) &&
		slots.length <= FIELDS.length &&
		slots.every((slot) => slot === '' || SLOT.test(slot))
	);
}

/**
 * The fields the row gives whose values differ from the fingerprint's: what to write to customer `cid`, in the
 * fixed order. A field given then and blank now is not among them (a blank is never written). Undefined when the
 * text is no fingerprint this version reads, or one written to another customer (or with another key): the row
 * was never synced there, as far as the fingerprint can say.
 */
export function changedSince(
	fingerprint: string,
	body: IDataObject,
	cid: number,
	digest: Digest,
): string[] | undefined {
	if (!isFingerprint(fingerprint)) return undefined;
	const [, customer, ...slots] = fingerprint.trim().split('.');
	if (customer !== slotOf(digest, 'customer', cid)) return undefined;
	// A field the row sends beyond the customer fields (none today) is always written: it cannot be compared.
	const unknown = Object.keys(body).filter(
		(field) => !FIELDS.includes(field) && !blank(body[field]),
	);
	const differing = FIELDS.filter(
		(field, at) => !blank(body[field]) && slotOf(digest, field, body[field]) !== (slots[at] ?? ''),
	);
	return [...differing, ...unknown];
}

/**
 * Whether the fingerprint, written for customer `cid`, holds `value` as its `field`: the value the row last gave
 * (an email a customer still holds, compared ignoring case). False for a text that is no fingerprint, or one
 * written for another customer.
 */
export function holds(
	fingerprint: string,
	field: string,
	value: unknown,
	cid: number,
	digest: Digest,
): boolean {
	if (!isFingerprint(fingerprint)) return false;
	const [, customer, ...slots] = fingerprint.trim().split('.');
	const at = FIELDS.indexOf(field);
	return (
		customer === slotOf(digest, 'customer', cid) &&
		at >= 0 &&
		slotOf(digest, field, value) === (slots[at] ?? '')
	);
}
