import type { Problem, Type } from './types';
import { problemsOf } from './types';

/**
 * The request bodies and query parameters the spec (4.3.0) documents, endpoint by endpoint, written by
 * hand from its tables. A body the spec says is "not shown" is an object with no documented field
 * (plus `cid`, which the spec types as an integer in every body): each field sent there is a guess and
 * must be in the allow-list with its reason.
 */
export interface Documented {
	/** Omitted: the endpoint takes no body. */
	body?: Type;
	/** Query parameters; omitted: none. */
	query?: string[];
}

const object = (fields: Record<string, Type>): Type => ({ object: fields });
const nullable = (type: Type): Type => ({ anyOf: [type, 'null'] });
const stringOrNumber: Type = { anyOf: ['string', 'number'] };

const customer = object({
	company: 'string',
	name: 'string',
	surname: 'string',
	email: 'string',
	phone: 'string',
	mobile: 'string',
	credit_management: 'flag',
	web_password: 'string',
	dob: 'date',
	abn: 'string',
	paymethod: 'string',
	ctgid: 'integer',
	card_token: 'string',
	bank_name: 'string',
	bank_bsb: 'string',
	bank_number: 'string',
});

const contact = object({
	first_name: 'string',
	last_name: 'string',
	email: 'string',
	phone: 'string',
	mobile: 'string',
});

const cdr = object({
	orig_id: 'string',
	startdate: 'datetime',
	enddate: 'datetime',
	accountcode: stringOrNumber,
	callerid: stringOrNumber,
	did: stringOrNumber,
	direction: 'string',
	destination: stringOrNumber,
	destination_info: 'string',
	application: 'string',
	duration: 'integer',
	billsec: 'integer',
	cost: 'number',
	disposition: 'string',
	privacy_flag: 'flag',
});

const rateItem = object({
	id: 'integer',
	ctgid: 'integer',
	ctid: 'integer',
	fixedrate: 'flag',
	ratepermin: 'number',
	flagfall: 'number',
	min_cost: 'number',
	max_cost: 'number',
	free_seconds: 'integer',
	name: 'string',
	min_callpackusage: 'number',
	max_callpackusage: 'number',
	internal_code: 'string',
	direction: 'string',
});

const sale = object({
	cid: 'integer',
	date: { anyOf: ['date', 'datetime'] },
	amount: 'string',
	products: { array: object({ pid: 'integer', price: 'string', quantity: 'integer' }) },
	payments: { map: object({ description: 'string', amount: 'string' }) },
	iid: 'integer',
	add_payment: 'boolean',
});

const filters: Type = { array: object({ field: 'string', value: 'any', join: 'string' }) };

// Reporting: the 20 named reports and their options; `when` on the reports that filter by a date range.
const RANGE = ['date_from', 'date_to'];
const REPORT_OPTIONS: Record<string, string[]> = {
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
const WHEN = [
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

function reportBody(value: unknown): Problem[] {
	const body = (value ?? {}) as Record<string, unknown>;
	const problems = problemsOf(
		object({ report: 'string', report_options: { object: OPTION_TYPES } }),
		body,
		'',
	);
	const report = String(body.report);
	const named = REPORT_OPTIONS[report];
	if (!named)
		return [
			...problems,
			{ field: `report=${report}`, problem: 'is not one of the 20 reports the spec documents' },
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

const serviceWrite = {
	cid: 'integer',
	servicetype: 'integer',
	service_num: 'string',
	start_date: 'date',
	service_status: 'string',
} as const;

/** Keyed `METHOD path` exactly as endpoints.tsv writes the path. */
export const DOCUMENTED: Record<string, Documented> = {
	'POST /password-reset/request': { body: object({ username: 'string' }) },
	'POST /password-reset/confirm': {
		body: object({ token: 'string', password: 'string', password_confirm: 'string' }),
	},
	'POST /{api_key}/services/qualify': { query: ['address', 'avcid', 'service_type'] },
	'POST /{api_key}/services/qualify/ndf': { query: ['address'] },
	'POST /{api_key}/services/qualify/avc-check': { query: ['location_id', 'avcid', 'service_type'] },
	'POST /{api_key}/orders/add': { body: object({ cid: 'integer' }) },
	'POST /{api_key}/customer/add': { body: customer },
	'POST /{api_key}/customer/update/{cid}': { body: customer },
	'POST /{api_key}/customer/payment/{cid}': {
		body: object({
			card_on_file: 'boolean',
			bank_on_file: 'boolean',
			payment_token: 'string',
			cc_name: 'string',
			cc_number: 'integer',
			cc_expmonth: 'string',
			cc_expyear: 'integer',
			cc_ccv: 'string',
			store_card: 'boolean',
			amount: 'number',
		}),
	},
	'POST /{api_key}/customer/external-payment/{cid}': { body: object({ transaction_id: 'string' }) },
	'POST /{api_key}/customer/item/add': { body: object({ cid: 'integer' }) },
	'POST /{api_key}/customer/item/update/{id}': { body: object({}) },
	'POST /{api_key}/customer/{cid}/contacts': { body: contact },
	'POST /{api_key}/customer/{cid}/contact/{contact_id}': { body: contact },
	'POST /{api_key}/leads/filter/get/page/{page_number}': { body: object({}) },
	'POST /{api_key}/leads/add': { body: object({}) },
	'POST /{api_key}/leads/{lid}': { body: object({}) },
	'POST /{api_key}/services/search': {
		body: { array: object({ field: 'string', operator: 'string', value: stringOrNumber }) },
	},
	'POST /{api_key}/services/add': { body: object({ ...serviceWrite, monthlyfee: 'number' }) },
	'POST /{api_key}/services/update/{id}': {
		body: object({
			...serviceWrite,
			monthlyfee: {
				anyOf: [
					'number',
					{ check: (v, field) => (v === false ? [] : [{ field, problem: 'is not false' }]) },
				],
			},
		}),
	},
	'POST /{api_key}/services/item/add': {
		body: object({
			enid: 'integer',
			pid: 'integer',
			charge_date: 'date',
			taxrate: 'number',
			description: 'string',
			inc_tax_amount: 'number',
		}),
	},
	'POST /{api_key}/services/calculateMultipleETF/{date}': { body: { array: 'integer' } },
	'POST /{api_key}/services/calculateMultipleETF': { body: { array: 'integer' } },
	'POST /{api_key}/services/doMultipleETF/{date}': { body: { array: 'integer' } },
	'POST /{api_key}/services/doMultipleETF': { body: { array: 'integer' } },
	'GET /{api_key}/serviceType/search': {
		query: [
			'typeofservice',
			'calls_service',
			'data_service',
			'helpdesk_display',
			'reporting_category',
			'invoice_type',
			'page',
			'limit',
		],
	},
	'POST /{api_key}/serviceBundles/post': {
		body: object({
			id: 'integer',
			name: 'string',
			cid: 'integer',
			active: 'flag',
			date_started: 'date',
			date_ended: nullable('date'),
			included_usage_type: 'integer',
			included_value: nullable('number'),
			monthly_cost: nullable('number'),
			call_types: { array: 'integer' },
		}),
	},
	'POST /{api_key}/priceBooks/post': {
		body: object({
			name: 'string',
			id: 'integer',
			items: {
				array: object({
					related_id: 'integer',
					adjustment: 'number',
					override: 'flag',
					related_type: 'string',
				}),
			},
		}),
	},
	// "Body: rate card fields (name, active, billing_increment, tags, international_markup_percent,
	// callTypes[])": no ctgid, so nothing names an existing card.
	'POST /{api_key}/callRates/post': {
		body: object({
			name: 'string',
			active: 'flag',
			billing_increment: nullable('integer'),
			tags: 'string',
			international_markup_percent: nullable('integer'),
			callTypes: { array: rateItem },
		}),
	},
	'POST /{api_key}/cdr/add': { body: cdr },
	'POST /{api_key}/cdr/multiple/add': { body: { array: cdr } },
	'POST /{api_key}/cdr/getMultiplePrice': { body: { array: stringOrNumber } },
	'POST /{api_key}/externalsales/add': { body: { array: sale } },
	'POST /{api_key}/timeline/{module}/{id}': {
		body: object({
			id: 'integer',
			title: 'string',
			category: 'string',
			description: 'string',
			event_date: 'datetime',
		}),
	},
	'POST /{api_key}/customer/bulk-email/preview': {
		body: object({
			filters,
			customer_ids: { array: 'integer' },
			sample_limit: 'integer',
			subject: 'string',
			content: 'string',
		}),
	},
	'POST /{api_key}/customer/bulk-email': {
		body: object({
			subject: 'string',
			content: 'string',
			filters,
			customer_ids: { array: 'integer' },
			confirm_count: 'integer',
			scheduled_at: 'string',
			attachments: 'any',
		}),
	},
	'POST /{api_key}/report': { body: { check: reportBody } },
};
