import type { Endpoint, Type } from './types';
import { object } from './types';

/** Rows combine left to right with each row's join; the fields come from the filters endpoint. */
const filters: Type = { array: object({ field: 'string', value: 'any', join: 'string' }) };

const FAILURE = ['success', 'error_code', 'description'];
const STATUS_RECORD = [
	'id',
	'subject',
	'status',
	'scheduled_at',
	'started_at',
	'ended_at',
	'created_at',
	'counts',
];

export const BULK_EMAIL: Endpoint[] = [
	{
		group: 'bulkEmail',
		method: 'GET',
		path: '/{api_key}/customer/bulk-email/filters',
		kind: 'read',
		note: '',
		answer: { keys: ['success', 'description', 'fields', 'joins'], failure: FAILURE },
	},
	{
		group: 'bulkEmail',
		method: 'POST',
		path: '/{api_key}/customer/bulk-email/preview',
		kind: 'read',
		note: 'never creates anything',
		body: object({
			filters,
			customer_ids: { array: 'integer' },
			sample_limit: 'integer',
			subject: 'string',
			content: 'string',
		}),
		answer: {
			keys: [
				'success',
				'description',
				'count',
				'sample_limit',
				'truncated',
				'recipients',
				'preview?',
			],
			failure: FAILURE,
		},
	},
	{
		group: 'bulkEmail',
		method: 'POST',
		path: '/{api_key}/customer/bulk-email',
		kind: 'write',
		note: 'create; confirm_count must equal the resolved count',
		body: object(
			{
				subject: 'string',
				content: 'string',
				filters,
				customer_ids: { array: 'integer' },
				confirm_count: 'integer',
				scheduled_at: 'string',
				attachments: 'any',
			},
			['subject', 'content'],
		),
		answer: {
			keys: ['success', 'description', 'id', 'status', 'recipient_count', 'scheduled_at'],
			failure: FAILURE,
		},
	},
	{
		group: 'bulkEmail',
		method: 'GET',
		path: '/{api_key}/customer/bulk-email/{id}',
		kind: 'read',
		note: '',
		answer: { keys: STATUS_RECORD, failure: FAILURE },
	},
	{
		group: 'bulkEmail',
		method: 'GET',
		path: '/{api_key}/customer/bulk-email/page/{pageNumber}',
		kind: 'read',
		note: '20 per page, newest first',
		answer: {
			keys: ['success', 'description', 'page_number', 'page_size', 'total', 'records'],
			failure: FAILURE,
		},
	},
	{
		group: 'bulkEmail',
		method: 'POST',
		path: '/{api_key}/customer/bulk-email/{id}/cancel',
		kind: 'write',
		note: '',
		answer: {
			keys: [
				'success',
				'description',
				'id',
				'status',
				'sent_count',
				'cancelled_count',
				'recipient_count',
				'note',
			],
			failure: FAILURE,
		},
	},
];
