import type { SentType } from '../input/sentTypes';

/*
 * Written by `npm run generate:spec-facts` from the spec source (test/spec/): do not edit by hand.
 * test/spec/specFacts.test.ts fails whenever this differs from what the spec source gives.
 */

// The body and query types of the spec's endpoints (specFacts.ts names each), each written once.

export const passwordResetRequestBody: SentType = { object: { username: 'string' } };
export const passwordResetConfirmBody: SentType = {
	object: { token: 'string', password: 'string', password_confirm: 'string' },
};
export const customerAddBody: SentType = {
	object: {
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
	},
};
export const customerPaymentBody: SentType = {
	object: {
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
};
export const customerExternalPaymentBody: SentType = {
	object: {
		transaction_id: 'string',
		amount: 'number',
		date: 'date',
		description: 'string',
		payment_type: 'string',
	},
};
export const customerItemAddBody: SentType = {
	object: {
		cid: 'integer',
		description: 'string',
		amount: 'number',
		quantity: 'number',
		charge_date: 'date',
		pid: 'integer',
	},
};
export const customerItemUpdateBody: SentType = {
	object: {
		description: 'string',
		amount: 'number',
		quantity: 'number',
		charge_date: 'date',
		pid: 'integer',
	},
};
export const customerContactsBody: SentType = {
	object: {
		first_name: 'string',
		last_name: 'string',
		email: 'string',
		phone: 'string',
		mobile: 'string',
	},
};
export const servicesSearchBody: SentType = {
	array: {
		object: { field: 'string', operator: 'string', value: { anyOf: ['string', 'number'] } },
	},
};
export const servicesAddBody: SentType = {
	object: {
		cid: 'integer',
		servicetype: 'integer',
		service_num: 'string',
		start_date: 'date',
		service_status: 'string',
		monthlyfee: 'number',
		billing_name: 'string',
		bundle_id: 'integer',
		call_rates_id: 'integer',
		contractterm: 'string',
		cost: 'number',
		parent_id: 'integer',
		quantity: 'number',
	},
};
export const servicesUpdateBody: SentType = {
	object: {
		cid: 'integer',
		servicetype: 'integer',
		service_num: 'string',
		start_date: 'date',
		service_status: 'string',
		monthlyfee: { anyOf: ['number', 'false'] },
		billing_name: 'string',
		bundle_id: 'integer',
		call_rates_id: 'integer',
		contractterm: 'string',
		cost: 'number',
		parent_id: 'integer',
		quantity: 'number',
	},
};
export const servicesItemAddBody: SentType = {
	object: {
		enid: 'integer',
		pid: 'integer',
		charge_date: 'date',
		taxrate: 'number',
		description: 'string',
		inc_tax_amount: 'number',
	},
};
export const servicesCalculateMultipleETFBody: SentType = { array: 'integer' };
export const serviceBundlesPostBody: SentType = {
	object: {
		id: 'integer',
		name: 'string',
		cid: 'integer',
		active: 'flag',
		date_started: 'date',
		date_ended: { anyOf: ['date', 'null'] },
		included_usage_type: 'integer',
		included_value: { anyOf: ['number', 'null'] },
		monthly_cost: { anyOf: ['number', 'null'] },
		call_types: { array: 'integer' },
	},
};
export const priceBooksPostBody: SentType = {
	object: {
		name: 'string',
		id: 'integer',
		items: {
			array: {
				object: {
					related_id: 'integer',
					adjustment: 'number',
					override: 'flag',
					related_type: 'string',
				},
			},
		},
	},
};
export const callRatesPostBody: SentType = {
	object: {
		name: 'string',
		active: 'flag',
		billing_increment: { anyOf: ['integer', 'null'] },
		tags: 'string',
		international_markup_percent: { anyOf: ['integer', 'null'] },
		callTypes: {
			array: {
				object: {
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
			},
		},
	},
};
export const cdrAddBody: SentType = {
	object: {
		orig_id: 'string',
		startdate: 'datetime',
		enddate: 'datetime',
		accountcode: { anyOf: ['string', 'number'] },
		callerid: { anyOf: ['string', 'number'] },
		did: { anyOf: ['string', 'number'] },
		direction: 'string',
		destination: { anyOf: ['string', 'number'] },
		destination_info: 'string',
		application: 'string',
		duration: 'integer',
		billsec: 'integer',
		cost: 'number',
		disposition: 'string',
		privacy_flag: 'flag',
	},
};
export const cdrMultipleAddBody: SentType = {
	array: {
		object: {
			orig_id: 'string',
			startdate: 'datetime',
			enddate: 'datetime',
			accountcode: { anyOf: ['string', 'number'] },
			callerid: { anyOf: ['string', 'number'] },
			did: { anyOf: ['string', 'number'] },
			direction: 'string',
			destination: { anyOf: ['string', 'number'] },
			destination_info: 'string',
			application: 'string',
			duration: 'integer',
			billsec: 'integer',
			cost: 'number',
			disposition: 'string',
			privacy_flag: 'flag',
		},
	},
};
export const cdrGetMultiplePriceBody: SentType = { array: { anyOf: ['string', 'number'] } };
export const customerBulkEmailPreviewBody: SentType = {
	object: {
		filters: { array: { object: { field: 'string', value: 'any', join: 'string' } } },
		customer_ids: { array: 'integer' },
		sample_limit: 'integer',
		subject: 'string',
		content: 'string',
	},
};
export const customerBulkEmailBody: SentType = {
	object: {
		subject: 'string',
		content: 'string',
		filters: { array: { object: { field: 'string', value: 'any', join: 'string' } } },
		customer_ids: { array: 'integer' },
		confirm_count: 'integer',
		scheduled_at: 'string',
		attachments: 'any',
	},
};
export const ordersAddBody: SentType = {
	object: {
		cid: 'integer',
		items: { array: { object: { pid: 'integer', quantity: 'number', price: 'number' } } },
		reference: 'string',
		notes: 'string',
	},
};
export const leadsFilterGetPageBody: SentType = {
	object: {
		company: 'string',
		email: 'string',
		first_name: 'string',
		last_name: 'string',
		mobile: 'string',
		phone: 'string',
		source: 'string',
		status: 'string',
	},
};
export const leadsAddBody: SentType = {
	object: {
		company: 'string',
		email: 'string',
		first_name: 'string',
		last_name: 'string',
		mobile: 'string',
		phone: 'string',
		source: 'string',
		status: 'string',
		notes: 'string',
	},
};
export const externalsalesAddBody: SentType = {
	array: {
		object: {
			cid: 'integer',
			date: { anyOf: ['date', 'datetime'] },
			amount: 'string',
			products: { array: { object: { pid: 'integer', price: 'string', quantity: 'integer' } } },
			payments: { map: { object: { description: 'string', amount: 'string' } } },
			iid: 'integer',
			add_payment: 'boolean',
		},
	},
};
export const timelineBody: SentType = {
	object: {
		id: 'integer',
		title: 'string',
		category: 'string',
		description: 'string',
		event_date: 'datetime',
	},
};
export const reportBody: SentType = {
	object: {
		report: 'string',
		report_options: {
			object: {
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
			},
		},
	},
};
