import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { fixedRows } from '../shared/input/rules';
import type { RequestInput, Rule } from '../shared/input/rules';

// Service Search: its criteria, as the spec lists the searchable fields and operators.

const SEARCH_FIELDS = [
	'billing_name',
	'call_rates_id',
	'cid',
	'date_created',
	'date_ended',
	'date_modified',
	'id',
	'ip_ipadd',
	'monthlyfee',
	'service_num',
	'service_status',
	'start_date',
	'username',
];

// Equals cannot have '=' as its value: n8n reads a parameter starting with '=' as an expression, so it arrived
// as ''. The others are sent as they are.
const OPERATORS = [
	{ name: 'Contains (Like)', value: 'like' },
	{ name: 'Equals', value: 'equals' },
	{ name: 'Greater Than', value: '>' },
	{ name: 'Greater Than or Equal', value: '>=' },
	{ name: 'Less Than', value: '<' },
	{ name: 'Less Than or Equal', value: '<=' },
	{ name: 'Not Equal', value: '!=' },
];

export const searchFields: INodeProperties[] = [
	{
		displayName: 'Criteria',
		name: 'criteria',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Criterion',
		default: {},
		description: 'Services must match every row',
		options: [
			{
				displayName: 'Criterion',
				name: 'rows',
				values: [
					{
						displayName: 'Field',
						name: 'field',
						type: 'options',
						options: SEARCH_FIELDS.map((value) => ({ name: value, value })),
						default: 'service_num',
					},
					{
						displayName: 'Operator',
						name: 'operator',
						type: 'options',
						options: OPERATORS,
						default: 'like',
					},
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	},
	{
		displayName: 'Only Active Services',
		name: 'activeOnly',
		type: 'boolean',
		default: false,
		description: 'Whether to return only active services (the API’s active_services field)',
	},
];

export function searchCriteria(input: RequestInput): IDataObject[] {
	const rows = fixedRows(input, 'criteria', 'rows');
	const criteria = rows.map((row) => ({
		field: row.field,
		operator: row.operator === 'equals' ? '=' : (row.operator ?? 'like'),
		value: row.value ?? '',
	}));
	if (input.param('activeOnly', false))
		criteria.push({ field: 'active_services', operator: '=', value: '1' });
	return criteria;
}

export const searchRule: Rule = (input) => {
	const criteria = searchCriteria(input);
	if (criteria.length === 0)
		return 'Criteria (criteria) needs at least one row, or turn on Only Active Services';
	const blank = criteria.find(
		(c) => c.field !== 'active_services' && String(c.value).trim() === '',
	);
	return blank
		? `Criteria (criteria): the value for ${String(blank.field)} is required`
		: undefined;
};
