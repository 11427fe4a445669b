import type { INodeProperties } from 'n8n-workflow';
import { importFileFields } from './cdr.importFields';

const show = (...operation: string[]) => ({ show: { operation } });

// n8n describes a Tool variant by its operation's action only where a resource names the operation
// ("Add a call record in …"); without one it gives the node's description, whatever the operation.
export const resourceField: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'hidden',
	default: 'callRecord',
};

export const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['callRecord'] } },
	options: [
		{
			name: 'Add',
			value: 'add',
			action: 'Add a call record',
			description: 'Send one CDR per input item',
		},
		{
			name: 'Add Many',
			value: 'addMany',
			action: 'Add many call records',
			description: 'Send the input items as CDRs in batches: fast, one result per item',
		},
		{
			name: 'Get Export Schedules',
			value: 'getExportSchedules',
			action: 'Get CDR export schedules',
			description: 'List customers’ CDR export schedules',
		},
		{
			name: 'Get Import Status',
			value: 'getImportStatus',
			action: 'Get CDR import status',
			description: 'Latest imported call date per CDR source',
		},
		{
			name: 'Get Price',
			value: 'getPrice',
			action: 'Get the price of a billed call',
			description: 'Rate code, rate name and price of one billed call',
		},
		{
			name: 'Get Prices',
			value: 'getPrices',
			action: 'Get the prices of many billed calls',
			description: 'Look up one billed call ID per item, in batches',
		},
		{
			name: 'Get Rating Status',
			value: 'getRatingStatus',
			action: 'Get CDR rating status',
			description: 'Latest rated call date per CDR source',
		},
		{
			name: 'Import File',
			value: 'importFile',
			action: 'Import a CSV file of call records',
			description:
				'Read a CSV file of CDRs from a binary property and send it in batches: one summary ' +
				'item per file, its refused rows inside it',
		},
	],
	default: 'addMany',
};

const additionalCdrFields: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	displayOptions: { show: { operation: ['add', 'addMany'], dataMode: ['define'] } },
	options: [
		{ displayName: 'Account Code', name: 'accountcode', type: 'string', default: '' },
		{
			displayName: 'Application',
			name: 'application',
			type: 'string',
			default: '',
			placeholder: 'e.g. voicemail',
			description: 'For example voicemail, IVR, queue',
		},
		{ displayName: 'Billable Seconds', name: 'billsec', type: 'number', default: 0 },
		{
			displayName: 'Cost',
			name: 'cost',
			type: 'number',
			default: 0,
			typeOptions: { numberPrecision: 4 },
		},
		{ displayName: 'Destination Info', name: 'destination_info', type: 'string', default: '' },
		{ displayName: 'DID', name: 'did', type: 'string', default: '', description: 'Inbound number' },
		{
			displayName: 'Disposition',
			name: 'disposition',
			type: 'string',
			default: 'ANSWERED',
			description: 'For example ANSWERED, NO_ANSWER, BUSY',
		},
		{
			displayName: 'Duration',
			name: 'duration',
			type: 'number',
			default: 0,
			description: 'Total seconds',
		},
		{ displayName: 'End Date', name: 'enddate', type: 'dateTime', default: '' },
		{
			displayName: 'Private Caller',
			name: 'privacy_flag',
			type: 'boolean',
			default: false,
			description:
				'Whether to hide the A party from every screen and output (it is still used for billing)',
		},
	],
};

const defineShow = { show: { operation: ['add', 'addMany'], dataMode: ['define'] } };

export const cdrFields: INodeProperties[] = [
	...importFileFields,
	{
		displayName: 'Call Record Data',
		name: 'dataMode',
		type: 'options',
		options: [
			{
				name: 'Map Automatically',
				value: 'autoMap',
				description:
					'Each input item’s fields are the CDR (orig_id, startdate, callerid, direction, ' +
					'destination, …)',
			},
			{
				name: 'Define Below',
				value: 'define',
				description: 'Set each field here, usually with expressions',
			},
		],
		default: 'autoMap',
		displayOptions: show('add', 'addMany'),
	},
	{
		displayName: 'Original ID',
		name: 'orig_id',
		type: 'string',
		required: true,
		default: '',
		description:
			'Your own unique ID for the call, sent as text; a second CDR with the same ID is refused',
		displayOptions: defineShow,
	},
	{
		displayName: 'Start Date',
		name: 'startdate',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'When the call started (sent as YYYY-MM-DD HH:MM:SS)',
		displayOptions: defineShow,
	},
	{
		displayName: 'Caller ID',
		name: 'callerid',
		type: 'string',
		required: true,
		default: '',
		description: 'The A party',
		displayOptions: defineShow,
	},
	{
		displayName: 'Direction',
		name: 'direction',
		type: 'options',
		options: [
			{ name: 'Inbound', value: 'inbound' },
			{ name: 'Outbound', value: 'outbound' },
		],
		default: 'outbound',
		displayOptions: defineShow,
	},
	{
		displayName: 'Destination',
		name: 'destination',
		type: 'string',
		required: true,
		default: '',
		description: 'The B party',
		displayOptions: defineShow,
	},
	additionalCdrFields,
	// Before Batch Size: what a panel requires comes first.
	{
		displayName: 'Billed Call ID',
		name: 'billedCallId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 900000123',
		description: 'ID of the billed call record (the ID Add returns)',
		displayOptions: show('getPrice', 'getPrices'),
	},
	{
		displayName: 'Batch Size',
		name: 'batchSize',
		type: 'number',
		default: 500,
		typeOptions: { minValue: 1, maxValue: 5000 },
		description: 'Records per request: N items make ceil(N / batch size) requests',
		displayOptions: show('addMany', 'getPrices', 'importFile'),
	},
	{
		displayName: 'Parallel Batches',
		name: 'parallelBatches',
		type: 'number',
		default: 2,
		typeOptions: { minValue: 1, maxValue: 8 },
		description:
			'How many batches may be on their way at once. 2 keeps the platform busy while ' +
			'the next batch is prepared; 1 sends strictly one after another.',

		displayOptions: show('addMany', 'importFile'),
	},
	{
		displayName: 'Treat Duplicate as Success',
		name: 'treatDuplicateAsSuccess',
		type: 'boolean',
		default: false,
		description:
			'Whether a CDR the platform already has ("CDR ID already exists") counts as ' +
			'success (duplicate: true, never as stored), so a re-run import is safe',

		displayOptions: show('add', 'addMany', 'importFile'),
	},
	{
		displayName: 'Include Inactive',
		name: 'includeInactive',
		type: 'boolean',
		default: false,
		description: 'Whether to include customers whose export will not run again (nextRun empty)',
		displayOptions: show('getExportSchedules'),
	},
];
