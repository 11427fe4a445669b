import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { customerLocator } from '../shared/methods/locators';
import { bundleStaysWithItsCustomer } from './service.ownership';
import { bodyField, collection } from '../shared/tableNode/describe';
import type { Operation } from '../shared/operation/operations';
import { readBack } from '../shared/operation/readBack';
import { isBlank, rules } from '../shared/input/rules';
import type { RequestInput, Rule } from '../shared/input/rules';

const BUNDLE_NUMBERS = [
	'id',
	'cid',
	'active',
	'included_usage_type',
	'included_value',
	'monthly_cost',
];

const bundleIdField: INodeProperties = {
	displayName: 'Bundle Name or ID',
	name: 'bundleId',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getCustomerBundles', loadOptionsDependsOn: ['cid'] },
	required: true,
	default: '',
	description:
		'A bundle of the chosen customer. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

const bundleFields: INodeProperties[] = [
	bodyField({
		displayName: 'Call Type Names or IDs',
		name: 'call_types',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getCallTypes' },
		default: [],
		description:
			'Call types the included usage applies to. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	}),
	bodyField({
		displayName: 'Date Ended',
		name: 'date_ended',
		type: 'dateTime',
		default: '',
	}),
	bodyField({
		displayName: 'Date Started',
		name: 'date_started',
		type: 'dateTime',
		default: '',
	}),
	bodyField({
		displayName: 'Included Usage Type',
		name: 'included_usage_type',
		type: 'options',
		options: [
			{ name: 'None', value: 0 },
			{ name: 'Included Dollars', value: 1 },
			{ name: 'Included Minutes', value: 2 },
		],
		default: 0,
	}),
	bodyField({
		displayName: 'Included Value',
		name: 'included_value',
		type: 'number',
		default: 0,
		description: 'Dollars or minutes included, depending on Included Usage Type',
	}),
	bodyField({
		displayName: 'Monthly Cost',
		name: 'monthly_cost',
		type: 'number',
		default: 0,
		typeOptions: { numberPrecision: 2 },
		description: 'Charged monthly, on top of the fees of the bundle’s services',
	}),
	bodyField({
		displayName: 'Active',
		name: 'active',
		type: 'boolean',
		default: true,
		description: 'Whether the bundle is active',
	}),
];

// The spec makes these nullable; an empty field is simply not sent, so clearing is asked for by name.
const NULLABLE = [
	{ name: 'Date Ended', value: 'date_ended' },
	{ name: 'Included Value', value: 'included_value' },
	{ name: 'Monthly Cost', value: 'monthly_cost' },
];

const clearField: INodeProperties = {
	displayName: 'Clear Fields',
	name: 'clear',
	type: 'multiOptions',
	options: NULLABLE,
	default: [],
	description: 'Fields to set back to empty (null), e.g. Date Ended so the bundle runs on',
};

function cleared(input: RequestInput): string[] {
	return ((input.param('updateFields', {}) as IDataObject).clear as string[] | undefined) ?? [];
}

const clearRule: Rule = (input) => {
	const both = NULLABLE.find(
		(field) => cleared(input).includes(field.value) && !isBlank(input.body[field.value]),
	);
	return both && `Update Fields: ${both.name} (${both.value}) cannot be both given and cleared`;
};

/** A date field added but left empty is not sent: the spec's dates are YYYY-MM-DD or, to clear, null. */
function dropBlankDates(input: RequestInput): void {
	for (const field of ['date_started', 'date_ended'])
		if (field in input.body && isBlank(input.body[field])) delete input.body[field];
}

const nameField = bodyField({
	displayName: 'Name',
	name: 'name',
	type: 'string',
	required: true,
	default: '',
});
const cidInBody = customerLocator({ routing: { send: { type: 'body', property: 'cid' } } });

const getBundle: Operation = {
	value: 'get',
	name: 'Get',
	action: 'Get a bundle',
	description: 'Get a bundle with its charges and services',
	method: 'GET',
	path: '/serviceBundles/get/{bundleId}',
	fields: [
		customerLocator({
			required: false,
			description: 'Only used to list the customer’s bundles in Bundle below',
		}),
		bundleIdField,
	],
	output: {
		root: 'serviceBundle',
		numbers: BUNDLE_NUMBERS,
		// The bundle's 12 fields; Simplify leaves out the detail's lists of charges and services.
		simplify: {
			id: 'id',
			simplified: [
				'name',
				'cid',
				'active',
				'date_started',
				'date_ended',
				'included_usage_type',
				'included_value',
				'monthly_cost',
				'call_types',
			],
			fields: [
				'id',
				'name',
				'cid',
				'active',
				'date_started',
				'date_ended',
				'included_usage_type',
				'included_value',
				'monthly_cost',
				'call_types',
				'charges',
				'services',
			],
		},
	},
};

export const bundleOperations: Operation[] = [
	{
		value: 'getByCustomer',
		name: 'Get by Customer',
		action: 'Get the bundles of a customer',
		description: 'List a customer’s service bundles',
		method: 'GET',
		path: '/serviceBundles/getByCustomer/{cid}',
		fields: [customerLocator()],
		output: { root: 'serviceBundles', numbers: BUNDLE_NUMBERS },
	},
	getBundle,
	{
		value: 'create',
		name: 'Create',
		action: 'Create a bundle',
		description: 'Create a service bundle for a customer',
		method: 'POST',
		path: '/serviceBundles/post',
		fields: [
			cidInBody,
			nameField,
			collection('Additional Fields', 'additionalFields', bundleFields),
		],
		dateFields: ['date_started', 'date_ended'],
		moneyFields: ['monthly_cost', 'included_value'],
		flagFields: ['active'],
		rules: [
			rules.required('body', 'cid', 'Customer'),
			rules.required('body', 'name', 'Name'),
			rules.date('body', 'date_started', 'Date Started'),
			rules.date('body', 'date_ended', 'Date Ended'),
		],
		prepare: dropBlankDates,
		output: { shows: ['id'], numbers: ['id'] },
	},
	{
		value: 'update',
		name: 'Update',
		action: 'Update a bundle',
		description: 'Change a bundle (the platform needs its customer and name again)',
		method: 'POST',
		path: '/serviceBundles/post',
		fields: [
			cidInBody,
			{ ...bundleIdField, routing: { send: { type: 'body', property: 'id' } } },
			nameField,
			collection('Update Fields', 'updateFields', [
				bundleFields[0],
				clearField,
				...bundleFields.slice(1),
			]),
		],
		dateFields: ['date_started', 'date_ended'],
		moneyFields: ['monthly_cost', 'included_value'],
		flagFields: ['active'],
		rules: [
			// With no id, or one that is no number, serviceBundles/post would create a bundle instead.
			rules.recordId('body', 'id', 'Bundle'),
			rules.required('body', 'cid', 'Customer'),
			rules.required('body', 'name', 'Name'),
			rules.date('body', 'date_started', 'Date Started'),
			rules.date('body', 'date_ended', 'Date Ended'),
			clearRule,
		],
		prepare: (input) => {
			dropBlankDates(input);
			for (const field of cleared(input)) input.body[field] = null;
			// The spec types the id as an integer; the dropdown and expressions give text.
			input.body.id = Number(String(input.body.id).trim());
		},
		...bundleStaysWithItsCustomer,
		...readBack(getBundle, (input) => ({ bundleId: input.body.id })),
	},
];
