import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { collection, loadedMultiOptions } from '../shared/tableNode/describe';
import type { Operation } from '../shared/operation/operations';
import { isBlank, isCalendarDate } from '../shared/input/rules';
import { DATE_TIME_HINT } from '../shared/input/dates';
import { MELBOURNE_TODAY_EXPRESSION } from '../shared/input/melbourne';
import type { Rule } from '../shared/input/rules';
import { shapeOutput } from './report.output';
import { REPORT_OPTIONS, REPORTS, reportBody } from './report.request';
import { outputRule } from './report.outputRule';
import { REPORT_SHAPES } from './report.shapes';

const reportsWith = (option: string) =>
	REPORTS.filter((r) => r.options?.includes(option)).map((r) => r.value);
const dated = REPORTS.filter((r) => !r.dateOnly).map((r) => r.value);

const WHEN = [
	{ name: 'Custom Range', value: 'custom', description: 'From and To below' },
	{ name: 'Last Month', value: 'last month' },
	{ name: 'Last Quarter', value: 'last quarter' },
	{ name: 'Last Week', value: 'last week', description: 'Monday to Sunday' },
	{ name: 'This Month', value: 'this month' },
	{ name: 'This Quarter', value: 'this quarter' },
	{ name: 'This Week', value: 'this week', description: 'Monday to Sunday' },
	{ name: 'This Year', value: 'this year', description: '1 January to now' },
	{ name: 'Today', value: 'today' },
	{ name: 'Yesterday', value: 'yesterday' },
];

// Report Name, From and To are not marked required though a report needs them: n8n shows (and checks) a field
// whenever a field its display depends on is an expression, and refuses the whole workflow for a required one
// left empty, so a Report or Period given by an expression (an AI tool choosing the period) would never run.
// The report's rule refuses them empty, naming the field. Date and To of a one-day report are required: they
// come filled with today.
const dateField = (
	displayName: string,
	name: string,
	description: string,
	show: Record<string, string[]>,
): INodeProperties => ({
	displayName,
	name,
	type: 'dateTime',
	default: '',
	description:
		`${description}. Sent with its time as YYYY-MM-DD HH:MM:SS (the spec's preferred form); ` +
		'an expression may also give YYYY-MM-DD or DD-MM-YYYY, sent as written.',
	hint: DATE_TIME_HINT,
	displayOptions: { show },
});

const listField = (displayName: string, name: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	placeholder: 'e.g. Retail, Business',
	description,
});

const reportFields: INodeProperties[] = [
	{
		displayName: 'Report',
		name: 'report',
		type: 'options',
		options: REPORT_OPTIONS,
		default: 'billedMinutes',
		description: 'The report to run',
	},
	{
		displayName: 'Report Name',
		name: 'reportName',
		type: 'string',
		default: '',
		placeholder: 'e.g. invoiceSummary',
		description: 'Name of a report not in the list',
		displayOptions: { show: { report: ['other'] } },
	},
	{
		displayName: 'Period',
		name: 'when',
		type: 'options',
		options: WHEN,
		default: 'last month',
		description: 'The date range, computed by the platform in its own time',
		displayOptions: { show: { report: [...dated, 'other'] } },
	},
	dateField('From', 'dateFrom', 'Start of the range', {
		report: [...dated, 'other'],
		when: ['custom'],
	}),
	{
		...dateField('To (Inclusive)', 'dateTo', 'End of the range', {
			report: [...dated, 'other'],
			when: ['custom'],
		}),
		description:
			'End of the range. A date without a time (YYYY-MM-DD, DD-MM-YYYY, or 00:00:00 as the date picker ' +
			'gives it) is sent as 23:59:59 that day, so the whole day is included; another time ends the range there.',
		hint: `A date without a time includes that whole day. ${DATE_TIME_HINT}`,
	},
	{
		...dateField('Date', 'date', 'The day balances are aged at', { report: ['agedReceivables'] }),
		required: true,
		default: MELBOURNE_TODAY_EXPRESSION,
		description:
			'The day balances are aged at: today in Melbourne (the platform’s clock) as it comes, or the day ' +
			'you pick. An expression that gives nothing means today too. Sent as YYYY-MM-DD.',
		hint: `Today in Melbourne unless you pick a day. ${DATE_TIME_HINT}`,
	},
	{
		...dateField('To', 'dateToOnly', 'Services active on this date', {
			report: ['totalServicesSummary'],
		}),
		required: true,
		default: MELBOURNE_TODAY_EXPRESSION,
		description:
			'Services active on this date: today in Melbourne (the platform’s clock) as it comes, or the day ' +
			'you pick (an expression that gives nothing means today too); with Include Usage, usage from the ' +
			'first of its month to it. A date without a time (or 00:00:00 as the date picker gives it) is sent ' +
			'as 23:59:59 that day, so the whole day is included.',
		hint: `Today in Melbourne unless you pick a day; a date without a time includes that whole day. ${DATE_TIME_HINT}`,
	},
	collection('Report Options', 'reportOptions', [
		{
			...listField(
				'Billing Groups',
				'billinggroups',
				'Only these billing groups (comma-separated)',
			),
			displayOptions: { show: { '/report': reportsWith('billinggroups') } },
		},
		{
			...loadedMultiOptions(
				'Call Type Names or IDs',
				'ctid',
				'getCallTypes',
				'Call types to include; none: all',
			),
			displayOptions: { show: { '/report': reportsWith('ctid') } },
		},
		{
			...listField(
				'Exclude Billing Groups',
				'exclude_billinggroups',
				'Leave out these billing groups (comma-separated)',
			),
			displayOptions: { show: { '/report': reportsWith('exclude_billinggroups') } },
		},
		{
			displayName: 'Include Usage',
			name: 'include_usage',
			type: 'boolean',
			default: false,
			description: 'Whether to add usage from the first of the month of To up to To',
			displayOptions: { show: { '/report': reportsWith('include_usage') } },
		},
		{
			displayName: 'List Price for No Price',
			name: 'list_price_for_no_price',
			type: 'boolean',
			default: false,
			description: 'Whether to use the list price where a service’s monthly fee is 0',
			displayOptions: { show: { '/report': reportsWith('list_price_for_no_price') } },
		},
		{
			displayName: 'Order By Field Name or ID',
			name: 'order_by',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getReportColumns', loadOptionsDependsOn: ['report'] },
			default: '',
			description:
				'Row field to sort by, among the chosen report’s (reports that support sorting). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Order Direction',
			name: 'order_by_direction',
			type: 'options',
			options: [
				{ name: 'Ascending', value: 'asc' },
				{ name: 'Descending', value: 'desc' },
			],
			default: 'asc',
		},
		{
			...loadedMultiOptions(
				'Service Type Names or IDs',
				'esid',
				'getServiceTypes',
				'Service types to include; none: all',
			),
			displayOptions: { show: { '/report': reportsWith('esid') } },
		},
		{
			...loadedMultiOptions(
				'Service Type Names or IDs',
				'serviceTypes',
				'getServiceTypes',
				'Service types to include; none: all',
			),
			displayOptions: { show: { '/report': reportsWith('serviceTypes') } },
		},
	]),
];

const DATE_FORMS = /^(\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?|\d{2}-\d{2}-\d{4})$/;

function validDate(value: unknown): boolean {
	if (typeof value !== 'string' || !DATE_FORMS.test(value)) return false;
	const iso = /^\d{2}-/.test(value)
		? `${value.slice(6, 10)}-${value.slice(3, 5)}-${value.slice(0, 2)}`
		: value.slice(0, 10);
	return isCalendarDate(iso);
}

const reportRule: Rule = (input) => {
	const { report, report_options: options } = reportBody(input) as {
		report: string;
		report_options: IDataObject;
	};
	if (!report) return 'Report Name (reportName) is required';
	const periods = WHEN.map((w) => w.value).sort();
	if ('when' in options && !periods.includes(String(options.when)))
		return `Period (when) must be one of: ${periods.join(', ')}`;
	const checks: Array<[string, string, string]> = [
		['date', 'Date', 'date'],
		['date_from', 'From', 'dateFrom'],
		['date_to', 'To', report === 'totalServicesSummary' ? 'dateToOnly' : 'dateTo'],
	];
	for (const [key, label, name] of checks) {
		if (!(key in options)) continue;
		if (isBlank(options[key])) return `${label} (${name}) is required`;
		if (!validDate(options[key]))
			return `${label} (${name}) must be a real date as YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or DD-MM-YYYY`;
	}
	if (
		options.date_from &&
		options.date_to &&
		/^\d{4}/.test(String(options.date_from)) &&
		/^\d{4}/.test(String(options.date_to)) &&
		String(options.date_from) > String(options.date_to)
	) {
		return 'From (dateFrom) must not be after To (dateTo)';
	}
	return undefined;
};

const NUMBERS = [
	'cid',
	'iid',
	'enid',
	'vid',
	'balance',
	'current',
	'overdue0',
	'overdue30',
	'overdue60',
	'overdue90',
	'overdue120',
	'total',
	'amount',
	'total_calls',
	'total_sms',
	'billed_minutes',
	'billed_amount',
	'invoice_total',
	'service_fees',
	'usage',
	'credits',
	'monthly_fee',
	'monthly_fees',
	'service_count',
	'new_customers',
	'existing_customers',
	'end_customers',
	'total_customers',
	'total_ex_usage',
	'revenue',
	'payments',
	'billed_count',
	'service_cost',
	'service_sell',
	'usage_cost',
	'usage_sell',
	'gp',
	'gp_percent',
	'total_sales',
	'avg_account_spend',
	'avg_service_spend',
	'avg6monthspend',
	'avgMinutes',
	'avgSms',
	'avg_minutes',
	'avg_sms',
	'min_spend',
	'expected_revenue',
	'setup_fees',
	'bundle_fees',
	'contract_length',
	'late_fee_count',
	'late_fee_amount',
	'payment_fee_count',
	'payment_fee_amount',
];

export const reportOperations: Operation[] = [
	{
		value: 'run',
		name: 'Run',
		// What n8n's automatic tool description says ("… in Telco Billing Report"): the model picks by it.
		action:
			'Run a billing report (receivables, billed minutes, services, revenue) for a date or period ' +
			'given as YYYY-MM-DD',
		description:
			'Run one of the platform’s reports: one item per row, all rows in one item, or a file',
		method: 'POST',
		path: '/report',
		fields: reportFields,
		rules: [reportRule, outputRule],
		sendBody: reportBody,
		output: { root: 'data', numbers: NUMBERS, simplify: REPORT_SHAPES },
		shapeItems: shapeOutput,
	},
];
