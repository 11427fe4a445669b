import type { IDataObject } from 'n8n-workflow';
import { findFailure, normalizeSuccess } from '../platform/envelope';
import type { PlatformFailure } from '../platform/envelope';
import { RefusedAnswer } from '../platform/failure';
import type { OutputSpec } from '../operation/operations';
import { setOwn } from '../input/keys';
import { answeredDecimal, exactNumber } from '../input/money';

// Secrets some records carry (a contact list's portal passwords; a search record with "further customer data":
// card tokens and bank account numbers): they never enter execution data, whatever node reads them.
const HIDDEN_FIELDS = [
	'web_password',
	'card_token',
	'bank_number',
	'cc_number',
	'cc_ccv',
	'payment_token',
];

// The fields that tell a user which record of an array answer failed.
const IDENTIFIERS = ['enid', 'cid', 'iid', 'yourid', 'id'];

/**
 * A numeric string as the number it is, read by the one reader of platform amounts (money.ts): only when the
 * number carries it exactly; any other value as it came (Number() would make "0x10" 16 and "1e3" 1000, and
 * round an id of 17 digits).
 */
function toNumber(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	const text = answeredDecimal(value);
	const number = text === undefined ? undefined : exactNumber(text);
	return number ?? value;
}

function clean(record: IDataObject, spec: OutputSpec, depth = 0): IDataObject {
	const out = { ...record };
	for (const field of HIDDEN_FIELDS) delete out[field];
	for (const [field, value] of Object.entries(out)) {
		// One level of nesting too (e.g. an external sale's paymentResult), with the same numeric fields.
		if (depth === 0 && typeof value === 'object' && value !== null && !Array.isArray(value))
			setOwn(out, field, clean(value as IDataObject, spec, 1));
		else if (spec.numbers?.includes(field))
			setOwn(out, field, toNumber(value) as IDataObject[string]);
	}
	return out;
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asRecord(value: unknown): IDataObject {
	return isObject(value) ? value : { value: value as string };
}

export interface RecordOutcome {
	json: IDataObject;
	failure?: PlatformFailure;
	/** What else the user should know about a failed record (a sale recorded although its payment failed). */
	note?: string;
}

/** A record of an array answer that reports its own failure: success:false and kin, or a failed payment. */
function outcomeOf(json: IDataObject): RecordOutcome {
	const failure = findFailure(json);
	if (failure) return { json, failure };
	const payment = json.paymentResult;
	const paymentFailure = isObject(payment) ? findFailure(payment) : undefined;
	if (paymentFailure)
		return { json, failure: paymentFailure, note: 'the payment failed, the sale was recorded' };
	return { json };
}

function identifiersOf(json: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const key of IDENTIFIERS)
		if (json[key] !== undefined && json[key] !== null && json[key] !== '')
			setOwn(out, key, json[key]);
	return out;
}

/**
 * An array answer in which the platform reported some records as failed. As an error it reads like a
 * single failure: the first failure's words, with which record it was and what became of the others.
 */
export class RecordFailures extends RefusedAnswer {
	constructor(readonly outcomes: RecordOutcome[]) {
		const failed = outcomes.filter((o) => o.failure);
		const first = failed[0];
		const where = Object.entries(identifiersOf(first.json))
			.map(([key, value]) => `${key} ${String(value)}`)
			.join(', ');
		const others = [
			failed.length > 1 ? `${failed.length - 1} more failed` : '',
			outcomes.length > failed.length
				? `${outcomes.length - failed.length} of ${outcomes.length} records succeeded`
				: '',
			first.note ?? '',
		].filter(Boolean);
		const detail = [where, ...others].filter(Boolean).join('; ');
		super({
			...first.failure!,
			message: detail ? `${first.failure!.message} (${detail})` : first.failure!.message,
		});
	}

	/** Which record each outcome was about, for its error item. */
	static identifiersOf(json: IDataObject): IDataObject {
		return identifiersOf(json);
	}
}

/**
 * Whether an object answer lacks the key its records are expected under. Several wrapper keys (lead,
 * entries, the lead pages' results) are our reading of shapes the spec does not show.
 */
export function lacksRoot(body: unknown, root: string): boolean {
	return isObject(body) && !(root in body);
}

/**
 * A page of a listing whose shape the spec does not show (the root is our guess), answered without it: its list is
 * the one array of records it holds, under whatever key. None, or several, and what the page holds cannot be
 * read: a failure, never a page taken for the last one (the records after it would be silently missing).
 */
export function guessedPage(body: unknown, root: string, page: number): IDataObject {
	const lists = isObject(body)
		? Object.entries(body).filter(
				([, value]) => Array.isArray(value) && value.every((entry) => isObject(entry)),
			)
		: [];
	if (lists.length !== 1)
		throw new RefusedAnswer({
			message:
				`The platform answered page ${page} of the listing without a ${root} list, and ` +
				`${lists.length ? 'with several' : 'with no'} other list of records, so what it holds cannot be read`,
		});
	return { ...(body as IDataObject), [root]: lists[0][1] };
}

/**
 * The list the spec shows under `key` in an answer: an answer without it has said nothing of what the
 * platform holds, so it is a failure, never an empty list (a walker would take it for the last page).
 */
export function shownList(body: unknown, key: string): IDataObject[] {
	const value = isObject(body) ? body[key] : undefined;
	if (!Array.isArray(value))
		throw new RefusedAnswer({
			message: `The platform answered without the ${key} list the spec shows, so what it holds is unknown`,
		});
	return value as IDataObject[];
}

/**
 * A success answer lacking a key the spec shows it with (a create's new id): whether and what was written is
 * unknown, so a failure that says so (not sent again, checked before a re-run), never the record made.
 */
export function checkShown(body: unknown, shows: string[] | undefined): void {
	const missing = (shows ?? []).filter(
		(key) => !isObject(body) || body[key] === undefined || body[key] === null || body[key] === '',
	);
	if (missing.length)
		throw new RefusedAnswer(
			{
				message: `The platform answered success without the ${missing.join(' and ')} the spec shows, so what was created is unknown`,
			},
			'unmatched',
		);
}

/** Turns a successful body into the records a user sees: one item per record. */
export function toRecords(body: unknown, spec: OutputSpec = {}): IDataObject[] {
	let records: IDataObject[];
	let fromArray = Array.isArray(body);
	if (Array.isArray(body)) {
		records = body.map(asRecord);
	} else if (spec.root && lacksRoot(body, spec.root)) {
		// A shape the spec shows, answered without its list: no record is no answer, never an empty success.
		if (!spec.rootGuessed)
			throw new RefusedAnswer({
				message: `The platform answered without the ${spec.root} the spec shows, so what it holds is unknown`,
			});
		// A wrapper key we guessed the answer does not have: the whole answer, rather than nothing at all.
		records = [normalizeSuccess(asRecord(body))];
	} else if (spec.root) {
		const value = asRecord(body)[spec.root];
		fromArray = Array.isArray(value);
		if (Array.isArray(value)) records = value.map(asRecord);
		else if (value === undefined || value === null) records = [];
		else records = [asRecord(value)];
	} else {
		records = [normalizeSuccess(asRecord(body))];
	}
	const outcomes = records.map((record) => ({ ...outcomeOf(record), json: clean(record, spec) }));
	if (fromArray && outcomes.some((o) => o.failure)) throw new RecordFailures(outcomes);
	// External sales: `processed: false` with no failed record still means nothing was done.
	const processed = isObject(body) ? body.processed : undefined;
	if (processed === false || processed === 'false' || processed === 0) {
		throw new RefusedAnswer({
			message: 'The platform did not process the request (processed: false)',
		});
	}
	return outcomes.map((o) => o.json);
}
