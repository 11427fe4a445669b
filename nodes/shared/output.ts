import type { IDataObject } from 'n8n-workflow';
import { normalizeSuccess } from './envelope';
import type { OutputSpec } from './operations';

// Portal passwords come back in some records (the contact list); they never enter execution data.
const HIDDEN_FIELDS = ['web_password'];

function toNumber(value: unknown): unknown {
	if (typeof value !== 'string' || value.trim() === '') return value;
	const number = Number(value);
	return Number.isFinite(number) ? number : value;
}

function clean(record: IDataObject, spec: OutputSpec, depth = 0): IDataObject {
	const out = { ...record };
	for (const field of HIDDEN_FIELDS) delete out[field];
	for (const [field, value] of Object.entries(out)) {
		// One level of nesting too (e.g. an external sale's paymentResult), with the same numeric fields.
		if (depth === 0 && typeof value === 'object' && value !== null && !Array.isArray(value)) out[field] = clean(value as IDataObject, spec, 1);
		else if (spec.numbers?.includes(field)) out[field] = toNumber(value) as IDataObject[string];
	}
	return out;
}

function asRecord(value: unknown): IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as IDataObject)
		: { value: value as string };
}

/** Turns a successful body into the records a user sees: one item per record. */
export function toRecords(body: unknown, spec: OutputSpec = {}): IDataObject[] {
	let records: IDataObject[];
	if (Array.isArray(body)) {
		records = body.map(asRecord);
	} else if (spec.root) {
		const value = asRecord(body)[spec.root];
		if (Array.isArray(value)) records = value.map(asRecord);
		else if (value === undefined || value === null) records = [];
		else records = [asRecord(value)];
	} else {
		records = [normalizeSuccess(asRecord(body))];
	}
	return records.map((record) => clean(record, spec));
}
