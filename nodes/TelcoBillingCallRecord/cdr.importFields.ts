import type { INodeProperties } from 'n8n-workflow';
import { CDR_FIELDS } from './cdr.records';

const show = { show: { operation: ['importFile'] } };
const fieldOptions = Object.entries(CDR_FIELDS).map(([value, label]) => ({
	name: `${label} (${value})`,
	value,
}));

/** Import File: where the file is, how its columns map to CDR fields, and how it is read. */
export const importFileFields: INodeProperties[] = [
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the input binary field holding the CSV file',
		displayOptions: show,
	},
	{
		displayName: 'Columns',
		name: 'columnLayout',
		type: 'options',
		options: [
			{
				name: 'Header Row',
				value: 'header',
				description:
					'The first row names the columns: the spec’s field names (orig_id, startdate, …) ' +
					'need no setup; other names can be mapped below',
			},
			{
				name: 'No Header (by Position)',
				value: 'positions',
				description: 'Every row is a CDR; Column Names says which field each column holds',
			},
			{
				name: 'Asterisk Master.csv',
				value: 'asterisk',
				description:
					'Asterisk’s cdr-csv layout (accountcode, src, dst, dcontext, …, disposition, ' +
					'amaflags, uniqueid)',
			},
		],
		default: 'header',
		displayOptions: show,
	},
	{
		displayName: 'Column Mapping',
		name: 'columnMapping',
		type: 'fixedCollection',
		placeholder: 'Add Column',
		typeOptions: { multipleValues: true },
		default: {},
		description:
			'Headers that are not the spec’s field names, and the CDR field each holds. Columns ' +
			'neither named as a field nor mapped are ignored.',
		displayOptions: { show: { operation: ['importFile'], columnLayout: ['header'] } },
		options: [
			{
				displayName: 'Mapping',
				name: 'mappings',
				values: [
					{
						displayName: 'Column',
						name: 'column',
						type: 'string',
						default: '',
						placeholder: 'e.g. Call ID',
						description: 'The header as written in the file (case and spaces around it ignored)',
					},
					{
						displayName: 'CDR Field',
						name: 'field',
						type: 'options',
						options: fieldOptions,
						default: 'orig_id',
					},
				],
			},
		],
	},
	{
		displayName: 'Column Names',
		name: 'columnNames',
		type: 'string',
		required: true,
		default: 'orig_id,startdate,callerid,direction,destination,duration,billsec',
		description:
			'The CDR field of each column, in order, separated by commas; leave a name empty to skip ' +
			'that column (e.g. orig_id,,startdate)',
		displayOptions: { show: { operation: ['importFile'], columnLayout: ['positions'] } },
	},
	{
		displayName: 'Direction',
		name: 'asteriskDirection',
		type: 'options',
		options: [
			{ name: 'All Outbound', value: 'outbound' },
			{ name: 'All Inbound', value: 'inbound' },
			{
				name: 'By Destination Context',
				value: 'byContext',
				description: 'Calls in the Inbound Contexts are inbound, all others outbound',
			},
		],
		default: 'outbound',
		description: 'Master.csv does not say which way a call went',
		displayOptions: { show: { operation: ['importFile'], columnLayout: ['asterisk'] } },
	},
	{
		displayName: 'Inbound Contexts',
		name: 'inboundContexts',
		type: 'string',
		default: 'from-trunk,from-pstn',
		description: 'Destination contexts (dcontext) of inbound calls, separated by commas',
		displayOptions: {
			show: {
				operation: ['importFile'],
				columnLayout: ['asterisk'],
				asteriskDirection: ['byContext'],
			},
		},
	},
	{
		displayName: 'Options',
		name: 'importOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show,
		options: [
			{
				displayName: 'Delimiter',
				name: 'delimiter',
				type: 'options',
				options: [
					{ name: 'Comma', value: 'comma' },
					{ name: 'Detect From the First Line', value: 'auto' },
					{ name: 'Pipe', value: 'pipe' },
					{ name: 'Semicolon', value: 'semicolon' },
					{ name: 'Tab', value: 'tab' },
				],
				default: 'auto',
			},
			{
				displayName: 'Log Progress Every',
				name: 'progressEvery',
				type: 'number',
				default: 10000,
				typeOptions: { minValue: 1 },
				description: 'Rows between progress lines in n8n’s log',
			},
			{
				displayName: 'Start at Row',
				name: 'startAtRow',
				type: 'number',
				default: 1,
				typeOptions: { minValue: 1 },
				description:
					'The first data row to send (1 = the first row after any header); the rows before it ' +
					'are read and skipped. A failed import names the row to resume from.',
			},
			{
				displayName: 'Unfinished Last Line',
				name: 'unfinishedLastLine',
				type: 'options',
				options: [
					{
						name: 'Hold Back',
						value: 'holdBack',
						description:
							'Not sent and not refused: a file still being written brings it whole next time',
					},
					{
						name: 'Refuse',
						value: 'refuse',
						description: 'Listed with the refused rows, so a person sees it',
					},
				],
				default: 'refuse',
				description:
					'The file’s last line when no line break follows it: the writer may not have finished it, so ' +
					'it is never sent. The summary’s unfinishedLastLine names it and what was done.',
			},
			{
				displayName: 'Wait Out Outages Up To (Seconds)',
				name: 'outageSeconds',
				type: 'number',
				default: 300,
				typeOptions: { minValue: 0 },
				description:
					'How long each batch keeps trying while the platform throttles, fails for a moment or is ' +
					'down, before the file stops and names the row to resume from. Batches sent again are ' +
					'never counted twice: the platform refuses a CDR it already holds.',
			},
		],
	},
];
