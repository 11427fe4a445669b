import type { Endpoint } from './types';
import { keys, nullable, object } from './types';

/** Rate item fields (Resources › Call rate card); `ctid` is the one a post requires. */
const rateItem = object(
	{
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
	},
	['ctid'],
);

const PAGE = keys('results', 'page_number', 'total_pages');
const EMPTY = ['success', 'message'];

export const CATALOG: Endpoint[] = [
	{
		group: 'priceBook',
		method: 'GET',
		path: '/{api_key}/priceBooks/get/page/{page}',
		kind: 'read',
		note: '',
		answer: PAGE,
	},
	{
		group: 'priceBook',
		method: 'GET',
		path: '/{api_key}/priceBooks/get/{id}',
		kind: 'read',
		note: '',
		answer: { keys: ['success', 'priceBook'], failure: ['success', 'description'] },
	},
	{
		group: 'priceBook',
		method: 'POST',
		path: '/{api_key}/priceBooks/post',
		kind: 'write',
		note: 'override 0: adjustment is a percent of list_price; 1: flat price',
		body: object({
			name: 'string',
			id: 'integer',
			items: {
				array: object(
					{
						related_id: 'integer',
						adjustment: 'number',
						override: 'flag',
						related_type: 'string',
					},
					['related_id'],
				),
			},
		}),
		answer: { keys: ['success', 'id'], failure: EMPTY },
	},
	{
		group: 'product',
		method: 'GET',
		path: '/{api_key}/products/get/page/{page}',
		kind: 'read',
		note: '',
		answer: PAGE,
	},
	{
		group: 'product',
		method: 'GET',
		path: '/{api_key}/product/get/{id}',
		kind: 'read',
		note: 'answers {success, products: {detail}}',
		answer: { keys: ['success', 'products'], failure: ['success', 'description'] },
	},
	{
		group: 'callRate',
		method: 'GET',
		path: '/{api_key}/callRates/get/page/{page}',
		kind: 'read',
		note: '',
		answer: PAGE,
	},
	{
		group: 'callRate',
		method: 'GET',
		path: '/{api_key}/callRates/get/{id}',
		kind: 'read',
		note: '',
		answer: keys('success', 'callRates'),
	},
	// "Body: rate card fields (name, active, billing_increment, tags, international_markup_percent,
	// callTypes[])": no ctgid, so nothing names an existing card.
	{
		group: 'callRate',
		method: 'POST',
		path: '/{api_key}/callRates/post',
		kind: 'write',
		note: 'callTypes[].ctid required',
		body: object({
			name: 'string',
			active: 'flag',
			billing_increment: nullable('integer'),
			tags: 'string',
			international_markup_percent: nullable('integer'),
			callTypes: { array: rateItem },
		}),
		answer: { keys: ['success', 'ctgid'], failure: EMPTY },
	},
	{
		group: 'callType',
		method: 'GET',
		path: '/{api_key}/callType/get/{id}',
		kind: 'read',
		note: 'the spec also gives /serviceType/get/{id} for this; listing: see serviceType/get/page',
		answer: { keys: ['success', 'serviceType'], failure: ['success', 'description'] },
	},
];
