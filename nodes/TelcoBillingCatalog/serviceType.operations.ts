import type { INodeProperties } from 'n8n-workflow';
import { collection, loadedOptions } from '../shared/tableNode/describe';
import type { Operation } from '../shared/operation/operations';

const TYPE_NUMBERS = [
	'esid',
	'calls_service',
	'data_service',
	'helpdesk_display',
	'sms_postpaid',
	'list_price',
	'wholesale_price',
	'reseller_price',
	'cost_price',
	'ctgid',
	'total_results',
	'total_pages',
];

// ----- Service types -----

const flagFilter = (displayName: string, name: string): INodeProperties => ({
	displayName,
	name,
	type: 'options',
	options: [
		{ name: 'Yes', value: '1' },
		{ name: 'No', value: '0' },
	],
	default: '1',
	routing: { send: { type: 'query', property: name } },
});

const serviceTypeFilters: INodeProperties = collection('Filters', 'filters', [
	flagFilter('Calls Service', 'calls_service'),
	flagFilter('Data Service', 'data_service'),
	flagFilter('Helpdesk Display', 'helpdesk_display'),
	{
		displayName: 'Invoice Type',
		name: 'invoice_type',
		type: 'string',
		default: '',
		routing: { send: { type: 'query', property: 'invoice_type' } },
	},
	{
		displayName: 'Reporting Category',
		name: 'reporting_category',
		type: 'string',
		default: '',
		description: 'Part of the reporting category',
		routing: { send: { type: 'query', property: 'reporting_category' } },
	},
	{
		displayName: 'Type of Service',
		name: 'typeofservice',
		type: 'string',
		default: '',
		description: 'Part of the service type’s name',
		routing: { send: { type: 'query', property: 'typeofservice' } },
	},
]);

export const serviceTypeOperations: Operation[] = [
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many service types',
		description: 'List service types',
		method: 'GET',
		path: '/serviceType/get/page/{page}',
		list: 'paged',
		output: { numbers: TYPE_NUMBERS },
	},
	{
		value: 'search',
		name: 'Search',
		action: 'Search service types',
		description: 'Find service types by name, category and flags',
		method: 'GET',
		path: '/serviceType/search',
		fields: [serviceTypeFilters],
		list: 'paged',
		pageInQuery: true,
		output: { numbers: TYPE_NUMBERS },
	},
	{
		value: 'get',
		name: 'Get',
		action: 'Get a service type',
		description: 'Get a service type’s full record',
		method: 'GET',
		path: '/serviceType/get/{esid}',
		fields: [
			loadedOptions('Service Type Name or ID', 'esid', 'getServiceTypes', 'The service type'),
		],
		output: {
			root: 'serviceType',
			numbers: TYPE_NUMBERS,
			// The detail's 27 fields; Simplify keeps what prices and classifies the type.
			simplify: {
				id: 'esid',
				simplified: [
					'typeofservice',
					'list_price',
					'wholesale_price',
					'reseller_price',
					'cost_price',
					'calls_service',
					'data_service',
					'reporting_category',
					'ratecode',
				],
				fields: [
					'esid',
					'typeofservice',
					'accounting_account',
					'calls_service',
					'usage_script',
					'data_service',
					'sms_postpaid',
					'invoice_type',
					'helpdesk_display',
					'list_price',
					'wholesale_price',
					'reseller_price',
					'config_generator_script',
					'call_types',
					'source_locations',
					'invoice_generation_script',
					'additional_fields',
					'additional_fields_type',
					'date_created',
					'date_modified',
					'user_created',
					'user_modified',
					'reporting_category',
					'ctgid',
					'ratecode',
					'default_call_types',
					'cost_price',
				],
			},
		},
	},
];
