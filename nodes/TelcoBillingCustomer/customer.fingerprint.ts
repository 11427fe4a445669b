import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

/*
 * What a row last synced, as a short text the workflow writes back beside the customer's ID. The spec gives no
 * read of a customer's fields by its ID (its search record carries no cid), so a row whose customer shares its
 * company with others cannot be compared with what the customer holds: without this, every such row was
 * written again every night. With it, a row compares with itself: what it gave when it was last synced.
 *
 * One slot a field, in a fixed order (new fields are added at the end: an older fingerprint then has fewer
 * slots, read as not given): a digest of the field's value, or empty where the row gave none. A digest per field
 * tells which fields changed without holding their values; the values are the row's own, which the CRM holds
 * anyway. Never changes meaning for a saved "v1." text: a change of rule is a new version.
 */

const VERSION = 'v1';

const FIELDS = [
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

const SLOT = /^[A-Za-z0-9_-]{8}$/;

function blank(value: unknown): boolean {
	return value === undefined || value === null || String(value).trim() === '';
}

function slotOf(field: string, value: unknown): string {
	if (blank(value)) return '';
	// An email is the same address in any case, as the match compares it.
	const text = field === 'email' ? String(value).trim().toLowerCase() : String(value).trim();
	return createHash('sha256').update(`${field}\n${text}`).digest('base64url').slice(0, 8);
}

/** The fingerprint of the values a row gives (blank values are not given: an update never writes them). */
export function fingerprintOf(body: IDataObject): string {
	return [VERSION, ...FIELDS.map((field) => slotOf(field, body[field]))].join('.');
}

/**
 * The fields the row gives whose values differ from the fingerprint's: what to write, in the fixed order. A
 * field given then and blank now is not among them (a blank is never written). Undefined when the text is not a
 * fingerprint this version reads.
 */
export function changedSince(fingerprint: string, body: IDataObject): string[] | undefined {
	const [version, ...slots] = fingerprint.trim().split('.');
	if (version !== VERSION || slots.length > FIELDS.length) return undefined;
	if (!slots.every((slot) => slot === '' || SLOT.test(slot))) return undefined;
	// A field the package does not fingerprint (none today) is always written: it cannot be compared.
	const unknown = Object.keys(body).filter(
		(field) => !FIELDS.includes(field) && !blank(body[field]),
	);
	const differing = FIELDS.filter(
		(field, at) => !blank(body[field]) && slotOf(field, body[field]) !== (slots[at] ?? ''),
	);
	return [...differing, ...unknown];
}
