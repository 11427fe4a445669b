import type { Endpoint, Type } from './types';
import { keys, nullable, object, stringOrNumber } from './types';

/** The fields of the services add body (the update body: the same, all optional, monthlyfee or false). */
const SERVICE_WRITE: Record<string, Type> = {
	cid: 'integer',
	servicetype: 'integer',
	service_num: 'string',
	start_date: 'date',
	service_status: 'string',
};

/** Service record fields (Resources › Service) beyond the add and update bodies, sent when the user adds them. */
const SERVICE_RECORD: Record<string, Type> = {
	billing_name: 'string',
	bundle_id: 'integer',
	call_rates_id: 'integer',
	contractterm: 'string',
	cost: 'number',
	parent_id: 'integer',
	quantity: 'number',
};

const SERVICE_IDS: Type = { array: 'integer' };
const PAGE = keys('results', 'page_number', 'total_pages');
/** Resources › Service, early termination result (`enid` in multi-service results). */
const ETF_RESULT = [
	'in_contract',
	'billed_until',
	'etf_date',
	'contract_end_date',
	'amount_remaining',
	'etf',
];
const ETF = keys(...ETF_RESULT);

export const SERVICE: Endpoint[] = [
	{
		group: 'service',
		method: 'GET',
		path: '/{api_key}/services/get/page/{page}',
		kind: 'read',
		note: 'the spec says it returns service type list records: a documentation quirk to handle and document',
		answer: PAGE,
	},
	{
		group: 'service',
		method: 'POST',
		path: '/{api_key}/services/search',
		kind: 'read',
		note: 'body: array of {field, operator, value}; active_services is a magic field',
		body: {
			array: object({ field: 'string', operator: 'string', value: stringOrNumber }, [
				'field',
				'value',
			]),
		},
		answer: { keys: ['success', 'records'], failure: ['success', 'description'] },
	},
	{
		group: 'service',
		method: 'GET',
		path: '/{api_key}/services/get/{id}',
		kind: 'read',
		note: 'answers {success, serviceType: {service record}}',
		answer: { keys: ['success', 'serviceType'], failure: ['success', 'description'] },
	},
	{
		group: 'service',
		method: 'POST',
		path: '/{api_key}/services/add',
		kind: 'write',
		note: 'cid, servicetype, service_num, start_date required',
		body: object({ ...SERVICE_WRITE, monthlyfee: 'number' }, [
			'cid',
			'servicetype',
			'service_num',
			'start_date',
		]),
		unshown: {
			fields: SERVICE_RECORD,
			reason:
				'Fields of the Service record (Resources › Service) that the add body table does ' +
				'not list; sent only when the user adds them. contractterm is the spelling the ' +
				'spec says its field table uses.',
		},
		answer: keys('success', 'id'),
	},
	{
		group: 'service',
		method: 'POST',
		path: '/{api_key}/services/update/{id}',
		kind: 'write',
		note: 'monthlyfee may be boolean false (recalculate)',
		body: object({
			...SERVICE_WRITE,
			monthlyfee: { anyOf: ['number', 'false'] },
		}),
		unshown: {
			fields: SERVICE_RECORD,
			reason:
				'As for services/add: Service record fields beyond the update body list (cid, ' +
				'servicetype, service_num, start_date, service_status, monthlyfee).',
		},
		answer: keys('success', 'id'),
	},
	{
		group: 'service',
		method: 'POST',
		path: '/{api_key}/services/item/add',
		kind: 'write',
		note: 'service misc item',
		body: object(
			{
				enid: 'integer',
				pid: 'integer',
				charge_date: 'date',
				taxrate: 'number',
				description: 'string',
				inc_tax_amount: 'number',
			},
			['enid', 'pid', 'charge_date'],
		),
		answer: keys('success', 'id'),
	},
	{
		group: 'service',
		method: 'GET',
		path: '/{api_key}/services/getRelatedServices/{id}',
		kind: 'read',
		note: '',
		answer: keys('success', 'records'),
	},
	{
		group: 'service',
		method: 'GET',
		path: '/{api_key}/services/{id}/calculateETF/{date}',
		kind: 'read',
		note: 'date optional (path form without it too)',
		dateOptional: true,
		answer: ETF,
	},
	{
		group: 'service',
		method: 'GET',
		path: '/{api_key}/services/{id}/doETF/{date}',
		kind: 'write',
		note: 'date optional; applies the fee (a write done by GET)',
		dateOptional: true,
		answer: keys('success'),
	},
	{
		group: 'service',
		method: 'POST',
		path: '/{api_key}/services/calculateMultipleETF/{date}',
		kind: 'read',
		note: 'date optional; body: array of service ids',
		dateOptional: true,
		body: SERVICE_IDS,
		answer: { array: [...ETF_RESULT, 'enid'] },
	},
	{
		group: 'service',
		method: 'POST',
		path: '/{api_key}/services/doMultipleETF/{date}',
		kind: 'write',
		note: 'date optional; body: array of service ids',
		dateOptional: true,
		body: SERVICE_IDS,
		answer: { array: ['success', 'enid'] },
	},
	{
		group: 'service',
		method: 'GET',
		path: '/{api_key}/services/get/monthlyCostByServiceNumber/{date}/{service_num}',
		kind: 'read',
		note: '',
		answer: { keys: ['success', 'data'], failure: ['success', 'description'] },
	},
	{
		group: 'service',
		method: 'GET',
		path: '/{api_key}/services/get/monthlyCostByServiceNumber/proRata/{date}/{service_num}',
		kind: 'read',
		note: '',
		answer: { keys: ['success', 'data'], failure: ['success', 'description'] },
	},
	{
		group: 'service',
		method: 'GET',
		path: '/{api_key}/services/get/monthlyCostByServiceNumber/daily/{service_num}',
		kind: 'read',
		note: '',
		answer: keys('success', 'data'),
	},
	{
		group: 'serviceType',
		method: 'GET',
		path: '/{api_key}/serviceType/get/page/{page}',
		kind: 'read',
		note: 'the spec gives this same path for the call-type listing too',
		answer: PAGE,
	},
	{
		group: 'serviceType',
		method: 'GET',
		path: '/{api_key}/serviceType/search',
		kind: 'read',
		note:
			'query: typeofservice, calls_service, data_service, helpdesk_display, reporting_category, ' +
			'invoice_type, page, limit (<= 100)',
		query: object({
			typeofservice: 'string',
			calls_service: 'flag',
			data_service: 'flag',
			helpdesk_display: 'flag',
			reporting_category: 'string',
			invoice_type: 'string',
			page: 'integer',
			limit: 'integer',
		}),
		answer: {
			keys: ['success', 'results', 'page', 'limit', 'total_results', 'total_pages'],
			failure: ['success', 'description'],
		},
	},
	{
		group: 'serviceType',
		method: 'GET',
		path: '/{api_key}/serviceType/get/{id}',
		kind: 'read',
		note: '',
		answer: { keys: ['success', 'serviceType'], failure: ['success', 'description'] },
	},
	{
		group: 'bundle',
		method: 'GET',
		path: '/{api_key}/serviceBundles/getByCustomer/{cid}',
		kind: 'read',
		note: '',
		answer: keys('success', 'serviceBundles'),
	},
	{
		group: 'bundle',
		method: 'GET',
		path: '/{api_key}/serviceBundles/get/{id}',
		kind: 'read',
		note: '',
		answer: { keys: ['success', 'serviceBundle'], failure: ['success', 'description'] },
	},
	{
		group: 'bundle',
		method: 'POST',
		path: '/{api_key}/serviceBundles/post',
		kind: 'write',
		note: 'with id: update; without: create; cid and name required',
		body: object(
			{
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
			},
			['name', 'cid'],
		),
		answer: { keys: ['success', 'id'], failure: ['success', 'description'] },
	},
];
