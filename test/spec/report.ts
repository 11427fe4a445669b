import { problemsOf } from '../conformance/problems';
import type { Endpoint, Problem, Type } from './types';
import { object } from './types';

/** Reporting: the 20 named reports and their options; `when` on the reports that filter by a date range. */
const RANGE = ['date_from', 'date_to'];
export const REPORT_OPTIONS: Record<string, string[]> = {
	activeCustomersSummary: RANGE,
	agedReceivables: ['date'],
	ancilliaryCharges: RANGE,
	billedMinutesDetailed: [...RANGE, 'ctid'],
	billedMinutes: RANGE,
	creditReport: RANGE,
	customerInvoicesServicesCallsSummary: RANGE,
	customerEndedDetail: RANGE,
	endedServicesDetailed: [
		...RANGE,
		'list_price_for_no_price',
		'exclude_billinggroups',
		'billinggroups',
	],
	gpServices: [...RANGE, 'esid'],
	salesInvoiceDetail: RANGE,
	customerNewDetails: RANGE,
	newServicesSalesPersonSummary: [...RANGE, 'list_price_for_no_price'],
	newServicesSourceSummary: [...RANGE, 'list_price_for_no_price'],
	newServices: [...RANGE, 'list_price_for_no_price'],
	newServicesSummary: [...RANGE, 'list_price_for_no_price'],
	paymentsReceivedAgedReceivables: RANGE,
	summaryRevenuePaymentsReceived: RANGE,
	engineeringCommissionLiabilityReportDetailed: RANGE,
	totalServicesSummary: [
		'date_to',
		'exclude_billinggroups',
		'billinggroups',
		'include_usage',
		'serviceTypes',
	],
};
/** The named periods a report's `when` takes (Reporting: "when"). */
export const WHEN = [
	'today',
	'yesterday',
	'this week',
	'last week',
	'this month',
	'last month',
	'this year',
	'this quarter',
	'last quarter',
	'custom',
];
/**
 * The money fields of each report's rows, as the spec names them (amounts, balances, fees, spends): what the
 * `reportAmounts` trait spells. Counts, minutes and percentages are not money. Ancillary Charges adds a
 * `<type>_fee_amount` per fee type configured.
 */
export const REPORT_AMOUNTS: Record<string, string[]> = {
	agedReceivables: [
		'balance',
		'current',
		'overdue0',
		'overdue30',
		'overdue60',
		'overdue90',
		'overdue120',
	],
	ancilliaryCharges: ['late_fee_amount', 'payment_fee_amount'],
	billedMinutesDetailed: ['billed_amount'],
	billedMinutes: ['billed_amount'],
	creditReport: ['amount'],
	customerInvoicesServicesCallsSummary: ['invoice_total', 'service_fees', 'usage', 'credits'],
	customerEndedDetail: ['avg6monthspend'],
	endedServicesDetailed: ['avg_account_spend', 'avg_service_spend', 'monthly_fee'],
	gpServices: ['service_cost', 'service_sell', 'usage_cost', 'usage_sell', 'gp'],
	salesInvoiceDetail: ['total'],
	customerNewDetails: [
		'min_spend',
		'expected_revenue',
		'monthly_fees',
		'setup_fees',
		'bundle_fees',
	],
	newServicesSalesPersonSummary: ['monthly_fees'],
	newServicesSourceSummary: ['monthly_fees'],
	newServices: ['monthly_fee'],
	newServicesSummary: ['monthly_fees'],
	paymentsReceivedAgedReceivables: [
		'total',
		'current',
		'overdue0',
		'overdue30',
		'overdue60',
		'overdue90',
		'overdue120',
	],
	summaryRevenuePaymentsReceived: ['revenue', 'payments'],
	engineeringCommissionLiabilityReportDetailed: ['amount'],
	totalServicesSummary: ['monthly_fees', 'total_ex_usage'],
};

const REPORT_DATE = /^(\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?|\d{2}-\d{2}-\d{4})$/;
const OPTION_TYPES: Record<string, Type> = {
	date: 'string',
	date_from: 'string',
	date_to: 'string',
	ctid: { array: 'integer' },
	esid: { array: 'integer' },
	serviceTypes: { array: 'integer' },
	list_price_for_no_price: 'boolean',
	include_usage: 'boolean',
	billinggroups: { array: 'string' },
	exclude_billinggroups: { array: 'string' },
	order_by: 'string',
	order_by_direction: 'string',
	when: 'string',
};

/** The report body's fields, each with its type: what the check below adds its rules to. */
const REPORT_SHAPE = object({ report: 'string', report_options: { object: OPTION_TYPES } });

function reportBody(value: unknown): Problem[] {
	const body = (value ?? {}) as Record<string, unknown>;
	const problems = problemsOf(REPORT_SHAPE, body, '');
	const report = String(body.report);
	const named = REPORT_OPTIONS[report];
	if (!named)
		return [
			...problems,
			{
				field: `report=${report}`,
				problem: `is not one of the ${Object.keys(REPORT_OPTIONS).length} reports the spec documents`,
			},
		];
	const options = (body.report_options ?? {}) as Record<string, unknown>;
	const allowed = [
		...named,
		'order_by',
		'order_by_direction',
		...(named.includes('date_from') ? ['when'] : []),
	];
	for (const [key, option] of Object.entries(options)) {
		if (!(key in OPTION_TYPES)) continue;
		if (!allowed.includes(key))
			problems.push({ field: `report_options.${key}`, problem: `is not an option of ${report}` });
		else if (['date', 'date_from', 'date_to'].includes(key) && !REPORT_DATE.test(String(option)))
			problems.push({
				field: `report_options.${key}`,
				problem: `must be YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or DD-MM-YYYY, got ${JSON.stringify(option)}`,
			});
		else if (key === 'when' && !WHEN.includes(String(option)))
			problems.push({
				field: 'report_options.when',
				problem: `must be one of the documented periods, got ${JSON.stringify(option)}`,
			});
		else if (key === 'order_by_direction' && !['asc', 'desc'].includes(String(option)))
			problems.push({ field: 'report_options.order_by_direction', problem: 'must be asc or desc' });
	}
	return problems;
}

export const REPORT: Endpoint[] = [
	{
		group: 'report',
		method: 'POST',
		path: '/{api_key}/report',
		kind: 'read',
		note: '20 named reports, each with its own options and row fields',
		body: { check: reportBody, shape: REPORT_SHAPE },
		// The guard names a report outside the 20 `report=<name>`: these two are the ones we send.
		unshown: {
			fields: { 'report=invoiceSummary': 'any', 'report=paymentsReceived': 'any' },
			reason:
				'Report "Other (by Name)": the spec names these two in its examples but does not ' +
				'document them; their options are not shown.',
		},
		// The sample rows spell the flag `succes`, the prose `success`: both are documented.
		answer: { keys: ['succes|success', 'data'] },
	},
];
