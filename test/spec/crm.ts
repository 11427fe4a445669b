import type { Endpoint, Type } from './types';
import { keys, notShown, object } from './types';

/** "Lead record (request and response): not shown": the lead fields the package sends are its guess. */
const LEAD: Record<string, Type> = {
	company: 'string',
	email: 'string',
	first_name: 'string',
	last_name: 'string',
	mobile: 'string',
	phone: 'string',
	source: 'string',
	status: 'string',
};

/** Resources › Sale (external sales). */
const sale = object(
	{
		cid: 'integer',
		date: { anyOf: ['date', 'datetime'] },
		amount: 'string',
		products: {
			array: object({ pid: 'integer', price: 'string', quantity: 'integer' }),
		},
		payments: { map: object({ description: 'string', amount: 'string' }) },
		iid: 'integer',
		add_payment: 'boolean',
	},
	['cid'],
);

/** Resources › Timeline entry; event_date is required when category is `event`. */
const timelineEntry = object(
	{
		id: 'integer',
		title: 'string',
		category: 'string',
		description: 'string',
		event_date: 'datetime',
	},
	['title', 'category', 'description'],
);

const QUALIFICATION_ITEMS = notShown(
	'Array of qualification items; fields not shown beyond avc_match, avc_target, avc_current_epid',
);

export const CRM: Endpoint[] = [
	{
		group: 'qualification',
		method: 'POST',
		path: '/{api_key}/services/qualify',
		kind: 'read',
		note: 'query: address (required), avcid, service_type',
		query: object({ address: 'string', avcid: 'string', service_type: 'string' }, ['address']),
		answer: QUALIFICATION_ITEMS,
	},
	{
		group: 'qualification',
		method: 'POST',
		path: '/{api_key}/services/qualify/ndf',
		kind: 'read',
		note: 'query: address (required)',
		query: object({ address: 'string' }, ['address']),
		answer: QUALIFICATION_ITEMS,
	},
	{
		group: 'qualification',
		method: 'POST',
		path: '/{api_key}/services/qualify/avc-check',
		kind: 'read',
		note: 'query: location_id (required), avcid (required), service_type',
		query: object({ location_id: 'string', avcid: 'string', service_type: 'string' }, [
			'location_id',
			'avcid',
		]),
		answer: notShown(
			'One object: AVC match, target identifier, current EPID; field names not shown',
		),
	},
	{
		group: 'order',
		method: 'POST',
		path: '/{api_key}/orders/add',
		kind: 'write',
		note: 'body: order object; answers {success, id}',
		body: object({ cid: 'integer' }),
		unshown: {
			fields: {
				items: { array: object({ pid: 'integer', quantity: 'number', price: 'number' }) },
				reference: 'string',
				notes: 'string',
			},
			reason:
				'The spec shows no order fields ("Order record: not shown") beyond cid; items ' +
				'(pid, quantity, price), reference and notes are our guess.',
		},
		answer: keys('success', 'id'),
	},
	{
		group: 'lead',
		method: 'GET',
		path: '/{api_key}/leads/get/page/{page_number}',
		kind: 'read',
		note: '20 per page',
		answer: notShown('Paginated leads, 20 per page'),
	},
	{
		group: 'lead',
		method: 'POST',
		path: '/{api_key}/leads/filter/get/page/{page_number}',
		kind: 'read',
		note: 'body: filter object',
		body: object({}),
		unshown: {
			fields: LEAD,
			reason:
				'The spec says only "filter object; every property optional and only included ' +
				'properties filter": the properties are lead fields, not shown.',
		},
		answer: notShown('Paginated leads'),
	},
	{
		group: 'lead',
		method: 'GET',
		path: '/{api_key}/leads/get/{lid}',
		kind: 'read',
		note: '',
		answer: notShown('One lead'),
	},
	{
		group: 'lead',
		method: 'POST',
		path: '/{api_key}/leads/add',
		kind: 'write',
		note: '',
		body: object({}),
		unshown: {
			fields: { ...LEAD, notes: 'string' },
			reason:
				'The spec shows no lead fields ("Lead record: not shown"); these are our guess ' +
				'at a lead, sent only when the user fills them.',
		},
		answer: notShown('Create response (new id)'),
	},
	{
		group: 'lead',
		method: 'POST',
		path: '/{api_key}/leads/{lid}',
		kind: 'write',
		note: 'update',
		body: object({}),
		unshown: {
			fields: { ...LEAD, notes: 'string' },
			reason: 'As for leads/add: the lead object of an update is not shown.',
		},
		answer: notShown('Response shape: not shown'),
	},
	{
		group: 'sale',
		method: 'POST',
		path: '/{api_key}/externalsales/add',
		kind: 'write',
		note: 'body: array of sales; three uses (sale, sale with payment, payment on invoice)',
		body: { array: sale },
		answer: keys('results', 'processed'),
	},
	{
		group: 'timeline',
		method: 'GET',
		path: '/{api_key}/timeline/{module}/{id}',
		kind: 'read',
		note: '',
		answer: notShown('Timeline entries of the record'),
	},
	{
		group: 'timeline',
		method: 'POST',
		path: '/{api_key}/timeline/{module}/{id}',
		kind: 'write',
		note: 'category note|event; event_date required for event',
		body: timelineEntry,
		answer: notShown('Response shape: not shown'),
	},
];
