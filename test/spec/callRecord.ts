import type { Endpoint } from './types';
import { keys, object, stringOrNumber } from './types';

/** Resources › Call record (CDR) input. */
const cdr = object(
	{
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
	},
	['orig_id', 'startdate', 'callerid', 'direction', 'destination'],
);

const SOURCE_DATES = keys('success', 'data');

export const CALL_RECORD: Endpoint[] = [
	{
		group: 'cdr',
		method: 'POST',
		path: '/{api_key}/cdr/add',
		kind: 'write',
		note: "key's cdr_source must be set; duplicate orig_id: 'CDR ID already exists'",
		body: cdr,
		answer: { keys: ['success', 'yourid', 'id'], failure: ['success', 'yourid', 'description'] },
	},
	{
		group: 'cdr',
		method: 'POST',
		path: '/{api_key}/cdr/multiple/add',
		kind: 'write',
		note: 'array in, array of per-record results out; mixed success allowed',
		body: { array: cdr },
		answer: { array: ['success', 'yourid', 'id'] },
	},
	{
		group: 'cdr',
		method: 'GET',
		path: '/{api_key}/cdr/ratingStatus',
		kind: 'read',
		note: 'latest rated date per source',
		answer: SOURCE_DATES,
	},
	{
		group: 'cdr',
		method: 'GET',
		path: '/{api_key}/cdr/status',
		kind: 'read',
		note: 'latest imported date per source',
		answer: SOURCE_DATES,
	},
	{
		group: 'cdr',
		method: 'GET',
		path: '/{api_key}/cdr/getPrice/{id}',
		kind: 'read',
		note: '',
		answer: { keys: ['success', 'data'], failure: ['success', 'description'] },
	},
	{
		group: 'cdr',
		method: 'POST',
		path: '/{api_key}/cdr/getMultiplePrice',
		kind: 'read',
		note: 'body: array of ids; answers data + failures',
		body: { array: stringOrNumber },
		answer: { keys: ['success', 'data', 'failures'], failure: ['success', 'description'] },
	},
	{
		group: 'cdr',
		method: 'GET',
		path: '/{api_key}/cdr/exports',
		kind: 'read',
		note: '',
		answer: keys('success', 'data'),
	},
	{
		group: 'cdr',
		method: 'GET',
		path: '/{api_key}/cdr/exports/include_inactive',
		kind: 'read',
		note: '',
		answer: keys('success', 'data'),
	},
];
