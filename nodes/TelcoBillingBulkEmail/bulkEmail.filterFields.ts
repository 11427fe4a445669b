import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import type { Refuse } from '../shared/operation/operations';
import type { RequestInput } from '../shared/input/rules';
import { audience } from './bulkEmail.fields';

export const PREFIX = '/customer/bulk-email';

/** The keys of the department's filter fields, as the filters endpoint lists them. */
function keysOf(body: unknown): string[] {
	const fields = (body as IDataObject | undefined)?.fields;
	if (!Array.isArray(fields)) return [];
	return fields
		.map((field) => (field as IDataObject | null)?.key)
		.filter((key): key is string => typeof key === 'string' && key !== '');
}

/**
 * The platform ignores a filter row whose field is not one of the department's ("Unknown fields … are
 * ignored"): the campaign then reaches everyone the other rows select, and the count guard counts the same
 * widened audience. The fields are the department's own, so every row's field is checked against the
 * filters endpoint at run time, before the audience is counted or anything is created. Exact keys only: the
 * platform matches no other spelling.
 */
export async function checkFilterFields(
	request: (options: IHttpRequestOptions) => Promise<unknown>,
	input: RequestInput,
	refuse: Refuse,
	nothingDone: string,
): Promise<void> {
	const rows = (audience(input).filters as IDataObject[] | undefined) ?? [];
	if (rows.length === 0) return;
	const keys = keysOf(await request({ method: 'GET', url: `${PREFIX}/filters` }));
	const description =
		'The department’s filter fields were read from the billing platform to check the filters. ' +
		`${nothingDone} Choose the field from the list, or make the expression give one of these keys exactly.`;
	if (keys.length === 0)
		throw refuse(
			'Filters (filters): the billing platform listed no filter fields for this department, so the filters cannot be checked',
			description,
		);
	rows.forEach((row, index) => {
		if (keys.includes(String(row.field))) return;
		throw refuse(
			`Filters (filters) row ${index + 1}: “${String(row.field)}” is not one of this department’s filter ` +
				'fields, and the platform ignores a row it does not know (the audience would not be narrowed by it). ' +
				`This department accepts: ${keys.join(', ')}`,
			description,
		);
	});
}
