import type { Endpoint } from './types';
import { keys, notShown, object } from './types';

/** Create and update body fields (spec: Resources › Customer; "all optional in the shapes given"). */
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

/** "Create and update accept first_name, last_name, email, phone, mobile." */
const contact = object({
	first_name: 'string',
	last_name: 'string',
	email: 'string',
	phone: 'string',
	mobile: 'string',
});

/** What the package sends to the charge item endpoints, whose bodies the spec does not show. */
const CHARGE_ITEM = {
	description: 'string',
	amount: 'number',
	quantity: 'number',
	charge_date: 'date',
	pid: 'integer',
} as const;

const NOT_FOUND = ['success', 'description'];

export const CUSTOMER: Endpoint[] = [
	{
		group: 'customer',
		method: 'POST',
		path: '/{api_key}/customer/add',
		kind: 'write',
		note: "answers {result:'sucess', id} (misspelt) or {result:'false', reason, id:0}",
		body: customer,
		answer: { keys: ['result', 'id'], failure: ['result', 'reason', 'id'] },
	},
	{
		group: 'customer',
		method: 'POST',
		path: '/{api_key}/customer/update/{cid}',
		kind: 'write',
		note: '{cid} accepts customer id, account_id or crm_id (everywhere)',
		body: customer,
		answer: { keys: ['success', 'description'], failure: ['result', 'reason', 'id'] },
	},
	{
		group: 'customer',
		method: 'GET',
		path: '/{api_key}/customer/search/{field}/{value}',
		kind: 'read',
		note: 'field: company|name|surname|email|mobile|abn; value >= 3 chars',
		answer: keys('success', 'records'),
	},
	{
		group: 'customer',
		method: 'GET',
		path: '/{api_key}/customer/getAll',
		kind: 'read',
		note: 'every active customer',
		answer: keys('success', 'records'),
	},
	{
		group: 'customer',
		method: 'GET',
		path: '/{api_key}/customer/balance/{cid}',
		kind: 'read',
		note: '',
		answer: keys('success', 'balance', 'cid'),
	},
	{
		group: 'customer',
		method: 'GET',
		path: '/{api_key}/customer/paymentDetails/{cid}',
		kind: 'read',
		note: 'response shape not documented',
		answer: notShown('Customer payment details response: not shown'),
	},
	{
		group: 'customer',
		method: 'GET',
		path: '/{api_key}/customer/get/servicePricing/{cid}',
		kind: 'read',
		note: "failure uses success:'false' (a string) and message",
		answer: { keys: ['success', 'prices'], failure: ['success', 'message'] },
	},
	{
		group: 'customer',
		method: 'POST',
		path: '/{api_key}/customer/payment/{cid}',
		kind: 'write',
		note: 'exactly one of: *_on_file flag, payment_token, all card fields; amount >= 1',
		body: object(
			{
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
			},
			['amount'],
		),
		answer: keys('success', 'description'),
	},
	{
		group: 'customer',
		method: 'POST',
		path: '/{api_key}/customer/external-payment/{cid}',
		kind: 'write',
		note: 'transaction_id required; duplicates detected',
		body: object({ transaction_id: 'string' }, ['transaction_id']),
		unshown: {
			fields: { amount: 'number', date: 'date', description: 'string', payment_type: 'string' },
			reason:
				'"External payment request fields beyond transaction_id ... not shown"; a ' +
				'payment needs at least its amount.',
		},
		answer: notShown('External payment response fields: not shown'),
	},
	{
		group: 'customer',
		method: 'POST',
		path: '/{api_key}/customer/item/add',
		kind: 'write',
		note: 'charge item on a customer; fields not documented',
		body: object({ cid: 'integer' }),
		unshown: {
			fields: CHARGE_ITEM,
			reason:
				'"Customer charge item (add and update bodies): not shown"; these mirror the ' +
				'service misc item the spec does document.',
		},
		answer: keys('success', 'id'),
	},
	{
		group: 'customer',
		method: 'POST',
		path: '/{api_key}/customer/item/update/{id}',
		kind: 'write',
		note: '',
		body: object({}),
		unshown: { fields: CHARGE_ITEM, reason: 'As for customer/item/add.' },
		answer: notShown('Basic success response'),
	},
	{
		group: 'customer',
		method: 'GET',
		path: '/{api_key}/customer/getManagementStatus/{cid}',
		kind: 'read',
		note: '',
		answer: { keys: ['success', 'cid', 'credit_management'], failure: NOT_FOUND },
	},
	{
		group: 'customer',
		method: 'GET',
		path: '/{api_key}/customer/setManagementStatus/{cid}/{status}',
		kind: 'write',
		note: 'status 0 or 1; a write done by GET',
		answer: { keys: ['success', 'description'], failure: NOT_FOUND },
	},
	{
		group: 'contact',
		method: 'GET',
		path: '/{api_key}/customer/{cid}/contacts',
		kind: 'read',
		note: '',
		answer: { keys: ['success', 'contacts'], failure: NOT_FOUND },
	},
	{
		group: 'contact',
		method: 'POST',
		path: '/{api_key}/customer/{cid}/contacts',
		kind: 'write',
		note: 'create',
		body: contact,
		answer: { keys: ['success', 'contact'], failure: NOT_FOUND },
	},
	{
		group: 'contact',
		method: 'GET',
		path: '/{api_key}/customer/{cid}/contact/{contact_id}',
		kind: 'read',
		note: '',
		answer: { keys: ['success', 'contact'], failure: NOT_FOUND },
	},
	{
		group: 'contact',
		method: 'POST',
		path: '/{api_key}/customer/{cid}/contact/{contact_id}',
		kind: 'write',
		note: 'update',
		body: contact,
		answer: { keys: ['success', 'contact'], failure: NOT_FOUND },
	},
	{
		group: 'contact',
		method: 'GET',
		path: '/{api_key}/customer/{cid}/contact/{contact_id}/delete',
		kind: 'write',
		note: 'a delete done by GET',
		answer: { keys: ['success'], failure: NOT_FOUND },
	},
];
