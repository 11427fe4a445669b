import type { SentType } from '../input/sentTypes';
import * as types from './specTypes';

/*
 * Written by `npm run generate:spec-facts` from the spec source (test/spec/): do not edit by hand.
 * test/spec/specFacts.test.ts fails whenever this differs from what the spec source gives.
 */

/** One endpoint as the nodes address it (the path after the key): whether it reads or writes, and its types. */
export interface EndpointFacts {
	method: 'GET' | 'POST';
	/** As the spec's endpoint table writes it, without `/{api_key}`. */
	path: string;
	/** Whether the request changes what the platform holds: how it is retried, reported and kept in a Dry Run. */
	kind: 'read' | 'write';
	/** The path is also documented without its last segment, `/{date}`. */
	dateOptional?: true;
	/** The body's type, unshown fields the package sends included. */
	body?: SentType;
	/** Each query parameter's type. */
	query?: Record<string, SentType>;
}

/** Every endpoint of the spec, in the spec source's order. */
export const SPEC_FACTS: EndpointFacts[] = [
	{ method: 'GET', path: '/get-key/{username}/{password}', kind: 'read' },
	{
		method: 'POST',
		path: '/password-reset/request',
		kind: 'write',
		body: types.passwordResetRequestBody,
	},
	{
		method: 'POST',
		path: '/password-reset/confirm',
		kind: 'write',
		body: types.passwordResetConfirmBody,
	},
	{ method: 'GET', path: '/resetdb', kind: 'write' },
	{ method: 'POST', path: '/customer/add', kind: 'write', body: types.customerAddBody },
	{ method: 'POST', path: '/customer/update/{cid}', kind: 'write', body: types.customerAddBody },
	{ method: 'GET', path: '/customer/search/{field}/{value}', kind: 'read' },
	{ method: 'GET', path: '/customer/getAll', kind: 'read' },
	{ method: 'GET', path: '/customer/balance/{cid}', kind: 'read' },
	{ method: 'GET', path: '/customer/paymentDetails/{cid}', kind: 'read' },
	{ method: 'GET', path: '/customer/get/servicePricing/{cid}', kind: 'read' },
	{
		method: 'POST',
		path: '/customer/payment/{cid}',
		kind: 'write',
		body: types.customerPaymentBody,
	},
	{
		method: 'POST',
		path: '/customer/external-payment/{cid}',
		kind: 'write',
		body: types.customerExternalPaymentBody,
	},
	{ method: 'POST', path: '/customer/item/add', kind: 'write', body: types.customerItemAddBody },
	{
		method: 'POST',
		path: '/customer/item/update/{id}',
		kind: 'write',
		body: types.customerItemUpdateBody,
	},
	{ method: 'GET', path: '/customer/getManagementStatus/{cid}', kind: 'read' },
	{ method: 'GET', path: '/customer/setManagementStatus/{cid}/{status}', kind: 'write' },
	{ method: 'GET', path: '/customer/{cid}/contacts', kind: 'read' },
	{
		method: 'POST',
		path: '/customer/{cid}/contacts',
		kind: 'write',
		body: types.customerContactsBody,
	},
	{ method: 'GET', path: '/customer/{cid}/contact/{contact_id}', kind: 'read' },
	{
		method: 'POST',
		path: '/customer/{cid}/contact/{contact_id}',
		kind: 'write',
		body: types.customerContactsBody,
	},
	{ method: 'GET', path: '/customer/{cid}/contact/{contact_id}/delete', kind: 'write' },
	{ method: 'GET', path: '/services/get/page/{page}', kind: 'read' },
	{ method: 'POST', path: '/services/search', kind: 'read', body: types.servicesSearchBody },
	{ method: 'GET', path: '/services/get/{id}', kind: 'read' },
	{ method: 'POST', path: '/services/add', kind: 'write', body: types.servicesAddBody },
	{ method: 'POST', path: '/services/update/{id}', kind: 'write', body: types.servicesUpdateBody },
	{ method: 'POST', path: '/services/item/add', kind: 'write', body: types.servicesItemAddBody },
	{ method: 'GET', path: '/services/getRelatedServices/{id}', kind: 'read' },
	{ method: 'GET', path: '/services/{id}/calculateETF/{date}', kind: 'read', dateOptional: true },
	{ method: 'GET', path: '/services/{id}/doETF/{date}', kind: 'write', dateOptional: true },
	{
		method: 'POST',
		path: '/services/calculateMultipleETF/{date}',
		kind: 'read',
		dateOptional: true,
		body: types.servicesCalculateMultipleETFBody,
	},
	{
		method: 'POST',
		path: '/services/doMultipleETF/{date}',
		kind: 'write',
		dateOptional: true,
		body: types.servicesCalculateMultipleETFBody,
	},
	{
		method: 'GET',
		path: '/services/get/monthlyCostByServiceNumber/{date}/{service_num}',
		kind: 'read',
	},
	{
		method: 'GET',
		path: '/services/get/monthlyCostByServiceNumber/proRata/{date}/{service_num}',
		kind: 'read',
	},
	{
		method: 'GET',
		path: '/services/get/monthlyCostByServiceNumber/daily/{service_num}',
		kind: 'read',
	},
	{ method: 'GET', path: '/serviceType/get/page/{page}', kind: 'read' },
	{
		method: 'GET',
		path: '/serviceType/search',
		kind: 'read',
		query: {
			typeofservice: 'string',
			calls_service: 'flag',
			data_service: 'flag',
			helpdesk_display: 'flag',
			reporting_category: 'string',
			invoice_type: 'string',
			page: 'integer',
			limit: 'integer',
		},
	},
	{ method: 'GET', path: '/serviceType/get/{id}', kind: 'read' },
	{ method: 'GET', path: '/serviceBundles/getByCustomer/{cid}', kind: 'read' },
	{ method: 'GET', path: '/serviceBundles/get/{id}', kind: 'read' },
	{
		method: 'POST',
		path: '/serviceBundles/post',
		kind: 'write',
		body: types.serviceBundlesPostBody,
	},
	{ method: 'GET', path: '/priceBooks/get/page/{page}', kind: 'read' },
	{ method: 'GET', path: '/priceBooks/get/{id}', kind: 'read' },
	{ method: 'POST', path: '/priceBooks/post', kind: 'write', body: types.priceBooksPostBody },
	{ method: 'GET', path: '/products/get/page/{page}', kind: 'read' },
	{ method: 'GET', path: '/product/get/{id}', kind: 'read' },
	{ method: 'GET', path: '/callRates/get/page/{page}', kind: 'read' },
	{ method: 'GET', path: '/callRates/get/{id}', kind: 'read' },
	{ method: 'POST', path: '/callRates/post', kind: 'write', body: types.callRatesPostBody },
	{ method: 'GET', path: '/callType/get/{id}', kind: 'read' },
	{ method: 'POST', path: '/cdr/add', kind: 'write', body: types.cdrAddBody },
	{ method: 'POST', path: '/cdr/multiple/add', kind: 'write', body: types.cdrMultipleAddBody },
	{ method: 'GET', path: '/cdr/ratingStatus', kind: 'read' },
	{ method: 'GET', path: '/cdr/status', kind: 'read' },
	{ method: 'GET', path: '/cdr/getPrice/{id}', kind: 'read' },
	{
		method: 'POST',
		path: '/cdr/getMultiplePrice',
		kind: 'read',
		body: types.cdrGetMultiplePriceBody,
	},
	{ method: 'GET', path: '/cdr/exports', kind: 'read' },
	{ method: 'GET', path: '/cdr/exports/include_inactive', kind: 'read' },
	{ method: 'GET', path: '/customer/bulk-email/filters', kind: 'read' },
	{
		method: 'POST',
		path: '/customer/bulk-email/preview',
		kind: 'read',
		body: types.customerBulkEmailPreviewBody,
	},
	{
		method: 'POST',
		path: '/customer/bulk-email',
		kind: 'write',
		body: types.customerBulkEmailBody,
	},
	{ method: 'GET', path: '/customer/bulk-email/{id}', kind: 'read' },
	{ method: 'GET', path: '/customer/bulk-email/page/{pageNumber}', kind: 'read' },
	{ method: 'POST', path: '/customer/bulk-email/{id}/cancel', kind: 'write' },
	{
		method: 'POST',
		path: '/services/qualify',
		kind: 'read',
		query: { address: 'string', avcid: 'string', service_type: 'string' },
	},
	{ method: 'POST', path: '/services/qualify/ndf', kind: 'read', query: { address: 'string' } },
	{
		method: 'POST',
		path: '/services/qualify/avc-check',
		kind: 'read',
		query: { location_id: 'string', avcid: 'string', service_type: 'string' },
	},
	{ method: 'POST', path: '/orders/add', kind: 'write', body: types.ordersAddBody },
	{ method: 'GET', path: '/leads/get/page/{page_number}', kind: 'read' },
	{
		method: 'POST',
		path: '/leads/filter/get/page/{page_number}',
		kind: 'read',
		body: types.leadsFilterGetPageBody,
	},
	{ method: 'GET', path: '/leads/get/{lid}', kind: 'read' },
	{ method: 'POST', path: '/leads/add', kind: 'write', body: types.leadsAddBody },
	{ method: 'POST', path: '/leads/{lid}', kind: 'write', body: types.leadsAddBody },
	{ method: 'POST', path: '/externalsales/add', kind: 'write', body: types.externalsalesAddBody },
	{ method: 'GET', path: '/timeline/{module}/{id}', kind: 'read' },
	{ method: 'POST', path: '/timeline/{module}/{id}', kind: 'write', body: types.timelineBody },
	{ method: 'POST', path: '/report', kind: 'read', body: types.reportBody },
];
