import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { fixedRows, isBlank, splitList } from '../shared/input/rules';
import type { RequestInput, Rule } from '../shared/input/rules';

export const filterRows: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, sortable: true },
	placeholder: 'Add Filter',
	default: {},
	description:
		'Rows combine left to right, each with its join. No filter selects every ' +
		'eligible customer: active, with a valid email, in the key’s department.',

	options: [
		{
			displayName: 'Filter',
			name: 'rows',
			values: [
				{
					displayName: 'Field Name or ID',
					name: 'field',
					type: 'options',
					typeOptions: { loadOptionsMethod: 'getFilterFields' },
					default: '',
					description:
						'Customer field to filter on. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				},
				{
					displayName: 'Join With Rows Above',
					name: 'join',
					type: 'options',
					options: [
						{
							name: 'AND',
							value: 'AND',
							description: 'Keep customers matching the rows so far and this row',
						},
						{ name: 'OR', value: 'OR', description: 'Add customers matching this row' },
					],
					default: 'AND',
					description:
						'How this row combines with the rows above it; the first row has none to join',
				},
				{
					displayName: 'Option Name or ID',
					name: 'option',
					type: 'options',
					typeOptions: { loadOptionsMethod: 'getFilterValues', loadOptionsDependsOn: ['&field'] },
					default: '',
					description:
						'For select fields: one of the field’s options (text and number fields use Value instead). Account State’s Normal is a blank option, which the platform ignores, so it is refused. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				},
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					default: '',
					description:
						'For text fields (matched as a substring) and number fields (matched exactly). ' +
						'Ignored when an option is chosen.',
				},
			],
		},
	],
};

export const customerIdsField: INodeProperties = {
	displayName: 'Customer IDs',
	name: 'customerIds',
	type: 'string',
	default: '',
	placeholder: 'e.g. 1001, 1002',
	description:
		'Only these customers, among those the filters select (it never adds anyone). ' +
		'Comma-separated, or an array expression (an empty array: nobody). Left empty: no narrowing. ' +
		'An expression that comes out blank (an empty list joined, a missing column) is refused, since ' +
		'sending no IDs would mail every customer the filters select.',
};

/** Customer IDs: undefined when blank (no narrowing), while an array expression giving [] means nobody. */
function list(value: unknown): number[] | undefined {
	if (!Array.isArray(value) && isBlank(value)) return undefined;
	return splitList(value).map(Number);
}

/** The audience part of a preview or create body, exactly as both will send it. */
export function audience(input: RequestInput): IDataObject {
	const rows = fixedRows(input, 'filters', 'rows');
	const body: IDataObject = {};
	if (rows.length) {
		// The first row has nothing above it to join: sent as AND, so no reading of OR there can widen it.
		body.filters = rows.map((row, index) => ({
			field: row.field,
			value: isBlank(row.option) ? String(row.value ?? '') : row.option,
			join: index === 0 ? 'AND' : (row.join ?? 'AND'),
		}));
	}
	const ids = list(input.param('customerIds', ''));
	if (ids) body.customer_ids = ids;
	return body;
}

/**
 * The platform ignores unknown fields and blank values, so such a row never narrows the audience: an
 * AND row meant to exclude people would silently mail them. Mail cannot be recalled; such rows are refused.
 */
function ignoredRow(row: IDataObject, position: number): string | undefined {
	const where = `Filters (filters) row ${position}`;
	if (isBlank(row.field))
		return `${where}: choose a field; the platform ignores a row without a known field`;
	if (!isBlank(row.value)) return undefined;
	if (row.field === 'account_state') {
		return (
			`${where}: Account State “Normal” is the blank option, and the platform ignores blank filter values, ` +
			`so it would select suspended and disconnected customers too. ` +
			`Remove the row; to leave them out, list the customers in Customer IDs.`
		);
	}
	return `${where}: the value is blank, and the platform ignores blank filter values, so the row would not narrow the audience`;
}

export const audienceRule: Rule = (input) => {
	const ids = list(input.param('customerIds', ''));
	if (ids === undefined && input.given?.('customerIds'))
		return (
			'Customer IDs (customerIds) came out blank: sending no IDs would mail every customer the ' +
			'filters select. Give the IDs, an empty array to mail nobody, or clear the field to mail everyone selected'
		);
	if (ids && !ids.every((id) => Number.isInteger(id) && id > 0))
		return 'Customer IDs (customerIds) must be whole numbers';
	const rows = (audience(input).filters as IDataObject[] | undefined) ?? [];
	const ignored = rows.map((row, index) => ignoredRow(row, index + 1)).find(Boolean);
	if (ignored) return ignored;
	// The key's department is always used: a deptid, anywhere, is refused before it can be sent.
	if (rows.some((row) => String(row.field).toLowerCase() === 'deptid'))
		return 'Filters (filters): deptid is not allowed; the key’s department is always used';
	return undefined;
};
