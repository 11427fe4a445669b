import type { INodeProperties } from 'n8n-workflow';
import { bodyField } from '../shared/tableNode/describe';
import type { Operation } from '../shared/operation/operations';
import { rules } from '../shared/input/rules';
import type { Rule } from '../shared/input/rules';

const record: INodeProperties[] = [
	{
		displayName: 'Module',
		name: 'module',
		type: 'options',
		options: [
			{ name: 'Customers', value: 'customers' },
			{ name: 'Leads', value: 'leads' },
			{ name: 'Orders', value: 'orders' },
			{ name: 'Services', value: 'services' },
		],
		default: 'customers',
		description: 'The kind of record the timeline belongs to',
	},
	{
		displayName: 'Record ID',
		name: 'recordId',
		type: 'string',
		required: true,
		default: '',
		description:
			'ID of the customer, lead, order or service. A single space is sent as it is (the platform ' +
			'asks for at least a space).',
	},
];

const eventDateRule: Rule = (input) => {
	if (input.body.category !== 'event') return undefined;
	const missing = rules.required('body', 'event_date', 'Event Date')(input);
	if (missing) return `${missing} for an event`;
	return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(String(input.body.event_date))
		? undefined
		: 'Event Date (event_date) must be YYYY-MM-DD HH:MM:SS';
};

/**
 * The entry an edit names: a whole number, 0 for a new entry. Anything else would be no entry the platform holds,
 * and the edit a new entry (or an entry's ID taken as another's).
 */
const entryIdRule: Rule = (input) => {
	if (!('id' in input.body)) return undefined;
	const id = input.body.id;
	const given = String(id ?? '');
	return /^\s*\d+\s*$/.test(given)
		? undefined
		: 'Entry ID (id) must be a whole number: the ID of the entry to edit, or 0 for a new entry; ' +
				`it came out as ${JSON.stringify(given)}`;
};

export const timelineOperations: Operation[] = [
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get the timeline of a record',
		description: 'Notes and events recorded against a record',
		method: 'GET',
		path: '/timeline/{module}/{recordId}',
		spaceIsValue: ['recordId'],
		fields: record,
		list: 'whole',
		output: { root: 'entries', rootGuessed: true, numbers: ['id'] },
	},
	{
		value: 'upsert',
		name: 'Create or Update',
		action: 'Add or edit a timeline entry',
		description: 'Create a new record, or update the current one if it already exists (upsert)',
		method: 'POST',
		path: '/timeline/{module}/{recordId}',
		spaceIsValue: ['recordId'],
		fields: [
			...record,
			bodyField({
				displayName: 'Category',
				name: 'category',
				type: 'options',
				options: [
					{ name: 'Event', value: 'event', description: 'A dated entry' },
					{ name: 'Note', value: 'note' },
				],
				default: 'note',
			}),
			bodyField({
				displayName: 'Title',
				name: 'title',
				type: 'string',
				required: true,
				default: '',
			}),
			bodyField({
				displayName: 'Description',
				name: 'description',
				type: 'string',
				required: true,
				default: '',
			}),
			{
				...bodyField({
					displayName: 'Event Date',
					name: 'event_date',
					type: 'dateTime',
					default: '',
					description: 'When the event happened or will happen (sent as YYYY-MM-DD HH:MM:SS)',
				}),
				displayOptions: { show: { category: ['event'] } },
			},
			bodyField({
				displayName: 'Entry ID',
				name: 'id',
				type: 'number',
				default: 0,
				description: 'ID of an existing entry to edit; 0 adds a new one',
			}),
		],
		prepare: (input) => {
			if (!Number(input.body.id)) delete input.body.id;
		},
		rules: [
			rules.required('body', 'title', 'Title'),
			rules.required('body', 'description', 'Description'),
			entryIdRule,
			eventDateRule,
		],
		dateTimeFields: ['event_date'],
		output: { numbers: ['id'] },
	},
];
