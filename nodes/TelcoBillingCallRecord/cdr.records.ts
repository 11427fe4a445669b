import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { isPlatformDateTime, toPlatformDateTime } from '../shared/dates';
import { NOTHING_SENT } from '../shared/errors';

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
const WHOLE_NUMBERS = ['duration', 'billsec'];

function blank(value: unknown): boolean {
	if (value === undefined || value === null) return true;
	return typeof value === 'string' ? value.trim() === '' : false;
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
	const cdr: IDataObject = {};
	for (const field of Object.keys(CDR_FIELDS)) {
		const value = source[field];
		if (!blank(value)) cdr[field] = value as IDataObject[string];
	}
	for (const field of ['startdate', 'enddate']) {
		if (field in cdr) cdr[field] = toPlatformDateTime(cdr[field]) as string;
	}
	if (typeof cdr.direction === 'string') cdr.direction = cdr.direction.trim().toLowerCase();
	if (typeof cdr.privacy_flag === 'boolean') cdr.privacy_flag = cdr.privacy_flag ? 1 : 0;
	return cdr;
}

/** Why the platform would refuse this CDR, checked before anything is sent; undefined when it is fine. */
export function cdrRefusal(cdr: IDataObject): string | undefined {
	for (const field of REQUIRED) {
		if (blank(cdr[field])) return `${CDR_FIELDS[field]} (${field}) is required`;
	}
	if (cdr.direction !== 'inbound' && cdr.direction !== 'outbound')
		return 'Direction (direction) must be inbound or outbound';
	for (const field of ['startdate', 'enddate']) {
		if (field in cdr && !isPlatformDateTime(cdr[field])) {
			return `${CDR_FIELDS[field]} (${field}) must be a real date and time, as YYYY-MM-DD HH:MM:SS or ISO 8601`;
		}
	}
	for (const field of WHOLE_NUMBERS) {
		if (field in cdr && !(Number.isInteger(Number(cdr[field])) && Number(cdr[field]) >= 0)) {
			return `${CDR_FIELDS[field]} (${field}) must be a whole number of seconds, 0 or more`;
		}
	}
	if ('privacy_flag' in cdr && ![0, 1, '0', '1'].includes(cdr.privacy_flag as number))
		return 'Privacy Flag (privacy_flag) must be 0 or 1';
	return undefined;
}

export function refuse(
	context: IExecuteFunctions,
	itemIndex: number,
	refusal: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), refusal, {
		itemIndex,
		description: NOTHING_SENT,
	});
}
