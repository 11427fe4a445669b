import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import type { Refuse } from '../shared/operation/operations';
import type { RequestInput } from '../shared/input/rules';
import { audience } from './bulkEmail.fields';

export const PREFIX = '/customer/bulk-email';

/** A filter field of the department, as the filters endpoint lists it: its key, type and option keys. */
interface FilterField {
	key: string;
	type: string;
	options: string[];
}

/** The department's filter fields, as the filters endpoint lists them. */
function fieldsOf(body: unknown): FilterField[] {
	const fields = (body as IDataObject | undefined)?.fields;
	if (!Array.isArray(fields)) return [];
	return fields.flatMap((field) => {
		const { key, type, options } = (field ?? {}) as IDataObject;
		if (typeof key !== 'string' || key === '') return [];
		const keys = Array.isArray(options)
			? options
					.map((option) => (option as IDataObject | null)?.key)
					.filter((k) => typeof k === 'string')
			: [];
		return [{ key, type: String(type ?? ''), options: keys as string[] }];
	});
}

/**
 * The platform ignores a filter row whose field is not one of the department's ("Unknown fields … are
 * ignored"): the campaign then reaches everyone the other rows select, and the count guard counts the same
 * widened audience. The fields are the department's own, so every row's field, and a select field's value (one
 * of its option keys), is checked against the filters endpoint at run time, before the audience is counted or
 * anything is created. Exact keys only: the platform matches no other spelling.
 */
export async function checkFilterFields(
	request: (options: IHttpRequestOptions) => Promise<unknown>,
	input: RequestInput,
	refuse: Refuse,
	nothingDone: string,
): Promise<void> {
	const rows = (audience(input).filters as IDataObject[] | undefined) ?? [];
	if (rows.length === 0) return;
	const fields = fieldsOf(await request({ method: 'GET', url: `${PREFIX}/filters` }));
	const keys = fields.map((field) => field.key);
	const description =
		'The department’s filter fields were read from the billing platform to check the filters. ' +
		`${nothingDone} Choose the field from the list, or make the expression give one of these keys exactly.`;
	if (keys.length === 0)
		throw refuse(
			'Filters (filters): the billing platform listed no filter fields for this department, so the filters cannot be checked',
			description,
		);
	rows.forEach((row, index) => {
		const field = fields.find((one) => one.key === String(row.field));
		// "For select fields the value is one of the option keys": any other value (another case, a space) is
		// one the spec does not say the platform narrows by, so the audience counted could be everyone.
		if (field?.type === 'select' && !field.options.includes(String(row.value)))
			throw refuse(
				`Filters (filters) row ${index + 1}: “${String(row.value)}” is not one of ${field.key}’s options: ` +
					`${field.options.filter((option) => option !== '').join(', ')}. Choose the option from the list, ` +
					'or make the expression give one of these keys exactly',
				description,
			);
		// "Number fields match exactly": a value that is no number matches by no rule the spec gives.
		if (field?.type === 'number' && !/^\s*-?\d+(\.\d+)?\s*$/.test(String(row.value)))
			throw refuse(
				`Filters (filters) row ${index + 1}: “${String(row.value)}” is not a number, and ${field.key} ` +
					'matches numbers exactly',
				description,
			);
		if (field) return;
		throw refuse(
			`Filters (filters) row ${index + 1}: “${String(row.field)}” is not one of this department’s filter ` +
				'fields, and the platform ignores a row it does not know (the audience would not be narrowed by it). ' +
				`This department accepts: ${keys.join(', ')}`,
			description,
		);
	});
}
