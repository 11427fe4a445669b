import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { bodyField, collection } from '../shared/tableNode/describe';
import type { Operation } from '../shared/operation/operations';
import { readBack } from '../shared/operation/readBack';
import type { RequestInput } from '../shared/input/rules';

const leadFields: INodeProperties[] = [
	bodyField({ displayName: 'Company', name: 'company', type: 'string', default: '' }),
	bodyField({
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
	}),
	bodyField({ displayName: 'First Name', name: 'first_name', type: 'string', default: '' }),
	bodyField({ displayName: 'Last Name', name: 'last_name', type: 'string', default: '' }),
	bodyField({ displayName: 'Mobile', name: 'mobile', type: 'string', default: '' }),
	bodyField({ displayName: 'Notes', name: 'notes', type: 'string', default: '' }),
	bodyField({ displayName: 'Phone', name: 'phone', type: 'string', default: '' }),
	bodyField({
		displayName: 'Source',
		name: 'source',
		type: 'string',
		default: '',
		placeholder: 'e.g. web',
	}),
	// The spec shows no lead fields, so no list of statuses either: the platform's own words are taken.
	bodyField({
		displayName: 'Status',
		name: 'status',
		type: 'string',
		default: '',
		placeholder: 'e.g. new',
		description: 'The lead’s status as the platform names it',
	}),
];

const filterFields: INodeProperties[] = leadFields
	.filter((f) => f.name !== 'notes')
	.map((f) => ({ ...f, routing: undefined }));

const lid: INodeProperties = {
	displayName: 'Lead ID',
	name: 'lid',
	type: 'string',
	required: true,
	default: '',
	description: 'ID of the lead (lid)',
};

const getLead: Operation = {
	value: 'get',
	name: 'Get',
	action: 'Get a lead',
	description: 'Get one lead',
	method: 'GET',
	path: '/leads/get/{lid}',
	fields: [lid],
	output: { root: 'lead', rootGuessed: true, numbers: ['lid'] },
};

export const leadOperations: Operation[] = [
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many leads',
		description: 'List leads, 20 per page; optionally only those matching every filter given',
		method: 'GET',
		path: '/leads/get/page/{page}',
		list: 'paged',
		output: { rootGuessed: true, numbers: ['lid'] },
	},
	{
		value: 'filter',
		name: 'Search',
		action: 'Search leads',
		description: 'Leads matching every filter given',
		method: 'POST',
		path: '/leads/filter/get/page/{page}',
		fields: [collection('Filters', 'filters', filterFields)],
		list: 'paged',
		rules: [
			(input) =>
				Object.keys((input.param('filters', {}) as IDataObject) ?? {}).length === 0
					? 'Filters (filters) needs at least one filter; use Get Many for every lead'
					: undefined,
		],
		sendBody: (input: RequestInput) => input.param('filters', {}) as IDataObject,
		output: { rootGuessed: true, numbers: ['lid'] },
	},
	getLead,
	{
		value: 'create',
		name: 'Create',
		action: 'Create a lead',
		description: 'Add a lead',
		method: 'POST',
		path: '/leads/add',
		fields: [collection('Lead Fields', 'leadFields', leadFields)],
		// "Create response (new id)": the spec names no key, so none can be required.
		output: { shows: [], numbers: ['id'] },
	},
	{
		value: 'update',
		name: 'Update',
		action: 'Update a lead',
		description: 'Change a lead’s fields or status',
		method: 'POST',
		path: '/leads/{lid}',
		fields: [lid, collection('Update Fields', 'updateFields', leadFields)],
		...readBack(getLead, (input) => ({ lid: input.path.lid })),
	},
];
