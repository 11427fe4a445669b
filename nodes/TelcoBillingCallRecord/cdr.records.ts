import { operationError } from '../shared/errors/made';
import type { NodeOperationError, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { isPlatformDateTime, toPlatformDateTime } from '../shared/input/dates';
import { nothingSentFor } from '../shared/input/rules';
import { sentAs } from '../shared/input/sentTypes';
import type { SentType } from '../shared/input/sentTypes';
import { endpointFor } from '../shared/platform/endpointFacts';

/** Every field of the spec's CDR input, with the label the node shows. */
export const CDR_FIELDS: Record<string, string> = {
	orig_id: 'Original ID',
	startdate: 'Start Date',
	enddate: 'End Date',
	accountcode: 'Account Code',
	callerid: 'Caller ID',
	did: 'DID',
	direction: 'Direction',
	destination: 'Destination',
	destination_info: 'Destination Info',
	application: 'Application',
	duration: 'Duration',
	billsec: 'Billable Seconds',
	cost: 'Cost',
	disposition: 'Disposition',
	privacy_flag: 'Privacy Flag',
};

export const REQUIRED = ['orig_id', 'startdate', 'callerid', 'direction', 'destination'];

/**
 * The fields in the order a CDR is sent. The rules below work on a CDR's values held by position in this
 * order (a file's rows are read into one such list, reused row after row, so checking a row allocates
 * nothing); Add and Add Many go through the same rules from their objects.
 */
export const FIELDS = Object.keys(CDR_FIELDS);
const slot = (field: string) => FIELDS.indexOf(field);
export const ORIG_ID = slot('orig_id');
export const STARTDATE = slot('startdate');
const ENDDATE = slot('enddate');
const DIRECTION = slot('direction');
const PRIVACY_FLAG = slot('privacy_flag');
const REQUIRED_SLOTS = REQUIRED.map(slot);
const DATE_SLOTS = [STARTDATE, ENDDATE];
const COST = slot('cost');
const WHOLE_NUMBER_SLOTS = ['duration', 'billsec'].map(slot);
/** The fields the spec types as strings: a number given for one (a spreadsheet column) is sent as its text. */
const TEXT_SLOTS = ['orig_id', 'direction', 'destination_info', 'application', 'disposition'].map(
	slot,
);
/** The fields the spec types as numbers: sent as numbers by every operation (Import File writes them so). */
const NUMBER_SLOTS = ['duration', 'billsec', 'privacy_flag', 'cost'].map(slot);
/** Each field's type in the spec (a CDR of cdr/add), by which its value is sent. */
const CDR_TYPES = cdrTypes();

function cdrTypes(): Record<string, SentType> {
	const body = endpointFor('POST', '/cdr/add')?.body;
	return body && typeof body === 'object' && 'object' in body ? body.object : {};
}

/** A CDR's values by position in FIELDS; undefined where the CDR has no such field. */
export type CdrValues = unknown[];

function blank(value: unknown): boolean {
	if (value === undefined || value === null) return true;
	return typeof value === 'string' ? value.trim() === '' : false;
}

/**
 * What the node does to every CDR before checking it, in place: blank values dropped, numbers given for
 * text fields as their decimal text, dates in the platform's format, direction in lower case, a boolean
 * privacy flag as 0 or 1.
 */
export function normalizeCdr(values: CdrValues): void {
	for (let k = 0; k < FIELDS.length; k++) if (blank(values[k])) values[k] = undefined;
	for (const k of TEXT_SLOTS) {
		const value = values[k];
		// An orig_id that is no exact whole number (past 2^53, a fraction) was changed before it got here:
		// it stays a number, for refusalOf to refuse.
		if (typeof value !== 'number' || (k === ORIG_ID && !Number.isSafeInteger(value))) continue;
		values[k] = String(value);
	}
	for (const k of DATE_SLOTS) {
		if (values[k] !== undefined) values[k] = toPlatformDateTime(values[k]);
	}
	const direction = values[DIRECTION];
	if (typeof direction === 'string') values[DIRECTION] = direction.trim().toLowerCase();
	const privacy = values[PRIVACY_FLAG];
	if (typeof privacy === 'boolean') values[PRIVACY_FLAG] = privacy ? 1 : 0;
}

/** Why the platform would refuse this (normalised) CDR, checked before anything is sent; undefined when fine. */
export function refusalOf(values: CdrValues): string | undefined {
	for (const k of REQUIRED_SLOTS) {
		if (blank(values[k])) return `${CDR_FIELDS[FIELDS[k]]} (${FIELDS[k]}) is required`;
	}
	const origId = values[ORIG_ID];
	if (typeof origId === 'number')
		return (
			`Original ID (orig_id) ${String(origId)} is not an exact whole number: give it as text ` +
			'(a spreadsheet column of long ids loses digits as a number; format it as text)'
		);
	if (typeof origId !== 'string') return 'Original ID (orig_id) must be text or a whole number';
	const direction = values[DIRECTION];
	if (direction !== 'inbound' && direction !== 'outbound')
		return 'Direction (direction) must be inbound or outbound';
	for (const k of DATE_SLOTS) {
		if (values[k] !== undefined && !isPlatformDateTime(values[k])) {
			return `${CDR_FIELDS[FIELDS[k]]} (${FIELDS[k]}) must be a real date and time, as YYYY-MM-DD HH:MM:SS or ISO 8601`;
		}
	}
	for (const k of WHOLE_NUMBER_SLOTS) {
		if (values[k] === undefined) continue;
		const seconds = Number(values[k]);
		if (!(Number.isInteger(seconds) && seconds >= 0))
			return `${CDR_FIELDS[FIELDS[k]]} (${FIELDS[k]}) must be a whole number of seconds, 0 or more`;
	}
	const privacy = values[PRIVACY_FLAG];
	if (privacy !== undefined && privacy !== 0 && privacy !== 1 && privacy !== '0' && privacy !== '1')
		return 'Privacy Flag (privacy_flag) must be 0 or 1';
	// Cost is sent as a number (Import File writes it so), so it must read as one.
	const cost = values[COST];
	if (cost !== undefined && (typeof cost === 'boolean' || !Number.isFinite(Number(cost))))
		return 'Cost (cost) must be a number';
	// Each number as the spec types it, exactly (cost through the money reader: "1e3" and 0.1 + 0.2 are no cost).
	for (const k of NUMBER_SLOTS) {
		const read = sentAs(CDR_TYPES[FIELDS[k]], values[k]);
		if ('problem' in read) return `${CDR_FIELDS[FIELDS[k]]} (${FIELDS[k]}) ${read.problem}`;
	}
	return undefined;
}

/**
 * The CDR an item describes: its own fields (Map Automatically: `item` given) or the node's fields
 * (Define Below).
 */
export function cdrOf(
	context: IExecuteFunctions,
	itemIndex: number,
	item: IDataObject | undefined,
): IDataObject {
	const source = item
		? item
		: {
				orig_id: context.getNodeParameter('orig_id', itemIndex),
				startdate: context.getNodeParameter('startdate', itemIndex),
				callerid: context.getNodeParameter('callerid', itemIndex),
				direction: context.getNodeParameter('direction', itemIndex),
				destination: context.getNodeParameter('destination', itemIndex),
				...(context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
			};
	const values: CdrValues = FIELDS.map((field) => source[field]);
	normalizeCdr(values);
	// Numbers given as text ("65") are sent as the spec's numbers; what they cannot hold stays, for the rules to refuse.
	for (const k of NUMBER_SLOTS) {
		const read = sentAs(CDR_TYPES[FIELDS[k]], values[k]);
		if ('value' in read) values[k] = read.value;
	}
	const cdr: IDataObject = {};
	FIELDS.forEach((field, k) => {
		if (values[k] !== undefined) cdr[field] = values[k] as IDataObject[string];
	});
	return cdr;
}

/** Why the platform would refuse this CDR (as cdrOf made it), checked before anything is sent. */
export function cdrRefusal(cdr: IDataObject): string | undefined {
	return refusalOf(FIELDS.map((field) => cdr[field]));
}

export function refuse(
	context: IExecuteFunctions,
	itemIndex: number,
	refusal: string,
): NodeOperationError {
	return operationError(context.getNode(), refusal, {
		itemIndex,
		description: nothingSentFor(itemIndex),
	});
}
