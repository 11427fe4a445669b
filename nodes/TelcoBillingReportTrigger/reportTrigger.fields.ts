import type { INodeProperties } from 'n8n-workflow';
import { REPORT_OPTIONS } from '../TelcoBillingReport/report.request';

const DATED = ['customerEnded', 'invoiceIssued', 'serviceStarted'];
/** Reports of one day: Aged Receivables is owed as at today, Total Services Summary counts today's services. */
const ONE_DAY = ['agedReceivables', 'totalServicesSummary'];

export const reportTriggerFields: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		required: true,
		noDataExpression: true,
		options: [
			{
				name: 'Account Overdue',
				value: 'accountOverdue',
				action: 'On account overdue',
				description:
					'A customer’s account enters an overdue band, at or after the first band chosen, or moves to a later one (Aged Receivables)',
			},
			{
				name: 'Customer Ended',
				value: 'customerEnded',
				action: 'On customer ended',
				description: 'A customer’s last service ended (Customer Ended Detail)',
			},
			{
				name: 'Invoice Issued',
				value: 'invoiceIssued',
				action: 'On invoice issued',
				description: 'An invoice was issued (Sales Invoice Detail)',
			},
			{
				name: 'Report Rows Added or Changed',
				value: 'reportRows',
				action: 'On report rows added or changed',
				description:
					'A row of the chosen report appeared, or what it holds in the watched columns changed',
			},
			{
				name: 'Service Started',
				value: 'serviceStarted',
				action: 'On service started',
				description: 'A service started (New Services)',
			},
		],
		default: 'accountOverdue',
	},
	{
		displayName: 'First Band',
		name: 'firstBand',
		type: 'options',
		options: [
			{ name: 'Band 1: 1–29 Days Overdue', value: 'overdue0' },
			{ name: 'Band 2: 30–59 Days Overdue', value: 'overdue30' },
			{ name: 'Band 3: 60–89 Days Overdue', value: 'overdue60' },
			{ name: 'Band 4: 90–119 Days Overdue', value: 'overdue90' },
			{ name: 'Band 5: 120 or More Days Overdue', value: 'overdue120' },
		],
		default: 'overdue0',
		description:
			'The first overdue band that counts: an account entering it, or any later band, starts the ' +
			'workflow; each later band it moves to starts it again',
		displayOptions: { show: { event: ['accountOverdue'] } },
	},
	{
		displayName: 'Report',
		name: 'report',
		type: 'options',
		options: REPORT_OPTIONS.filter((option) => option.value !== 'other'),
		default: 'agedReceivables',
		description: 'The report whose rows are watched',
		displayOptions: { show: { event: ['reportRows'] } },
	},
	{
		displayName: 'Period',
		name: 'period',
		type: 'options',
		options: [
			{
				name: 'Last Days',
				value: 'rolling',
				description: 'Today and the days before it (Look Back)',
			},
			{ name: 'This Month', value: 'thisMonth' },
			{ name: 'This Quarter', value: 'thisQuarter' },
			{ name: 'This Year', value: 'thisYear' },
		],
		default: 'rolling',
		description:
			'The days the report covers at each poll, to the end of today, on the platform’s (Melbourne) calendar',
		displayOptions: { show: { event: ['reportRows'] }, hide: { report: ONE_DAY } },
	},
	{
		displayName: 'Look Back (Days)',
		name: 'lookBackDays',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 366 },
		default: 7,
		description:
			'How many days the report covers at each poll, today included, on the platform’s ' +
			'(Melbourne) calendar: a row dated earlier than that when it first appears is not seen',
		displayOptions: { show: { event: DATED } },
	},
	{
		displayName: 'Look Back (Days)',
		name: 'lookBackDays',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 366 },
		default: 7,
		description:
			'How many days the report covers at each poll, today included, on the platform’s (Melbourne) calendar',
		displayOptions: {
			show: { event: ['reportRows'], period: ['rolling'] },
			hide: { report: ONE_DAY },
		},
	},
	{
		displayName: 'Key Column Names or IDs',
		name: 'keyColumns',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getReportColumns', loadOptionsDependsOn: ['report'] },
		default: [],
		description:
			'The columns that tell one row from another; none chosen: the report’s own (its record IDs, else what it is by). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { event: ['reportRows'] } },
	},
	{
		displayName: 'Watched Column Names or IDs',
		name: 'watchColumns',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getReportColumns', loadOptionsDependsOn: ['report'] },
		default: [],
		description:
			'A row counts as changed only when one of these changes; none chosen: every column. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { event: ['reportRows'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Emit Existing Rows Once',
				name: 'emitExisting',
				type: 'boolean',
				default: false,
				description:
					'Whether the first poll (at activation, or after the event or report changed) emits what ' +
					'the report holds now, once, instead of taking it as already seen; never again after a ' +
					'key is rotated or the watch edited',
			},
			{
				displayName: 'Request Timeout (Seconds)',
				name: 'timeout',
				type: 'number',
				default: 30,
				typeOptions: { minValue: 1 },
				description: 'A poll whose report takes longer fails, and the next poll catches up',
			},
		],
	},
];
