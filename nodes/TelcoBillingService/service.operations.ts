import type { INodeProperties } from 'n8n-workflow';
import { customerLocator, serviceLocator } from '../shared/methods/locators';
import { serviceInItsCustomersBundle, serviceMovesWholly } from './service.ownership';
import { bodyField, collection } from '../shared/tableNode/describe';
import type { Operation, RecordShape } from '../shared/operation/operations';
import { readBack } from '../shared/operation/readBack';
import { rules } from '../shared/input/rules';
import type { Rule } from '../shared/input/rules';
import { optionalServiceFields, serviceTypeField } from './service.fields';
import {
	ETF_NUMBERS,
	ServiceId,
	applyFee,
	applyFees,
	etfKey,
	serviceIds,
	serviceIdsField,
	serviceIdsRule,
} from './service.etf';
import { searchCriteria, searchFields, searchRule } from './service.search';

const SERVICE_NUMBERS = [
	'id',
	'cid',
	'servicetype',
	'monthlyfee',
	'cost',
	'quantity',
	'parent_id',
	'call_rates_id',
	'bundle_id',
];

// The service record (16 fields; 20 in a search record): Simplify keeps these ten.
const SERVICE_RECORD = [
	'id',
	'cid',
	'service_num',
	'start_date',
	'servicetype',
	'monthlyfee',
	'date_ended',
	'billing_cycle',
	'contracterm',
	'billing_name',
	'call_rates_id',
	'bundle_id',
	'cost',
	'quantity',
	'parent_id',
	'service_status',
];

const serviceShape = (extra: string[] = []): RecordShape => ({
	id: 'id',
	simplified: [
		'cid',
		'service_num',
		'billing_name',
		'service_status',
		'servicetype',
		'monthlyfee',
		'start_date',
		'date_ended',
		'bundle_id',
	],
	fields: [...SERVICE_RECORD, ...extra],
});

const COST_NUMBERS = ['enid', 'monthlyfee', 'monthly_prorata_fee', 'dailyfee'];

const service = serviceLocator();

const WHOLE = /^\s*\d+\s*$/;

const optionalDate = (description: string): INodeProperties => ({
	displayName: 'Date',
	name: 'date',
	type: 'dateTime',
	default: '',
	description,
});

const monthlyFeeRule: Rule = (input) =>
	input.param('recalculateMonthlyFee', false) && 'monthlyfee' in input.body
		? 'Monthly Fee (monthlyfee) cannot be given together with Recalculate Monthly Fee'
		: undefined;

const serviceNumField: INodeProperties = {
	displayName: 'Service Number',
	name: 'service_num',
	type: 'string',
	required: true,
	default: '',
	description: 'Phone number or identifier of the service',
};

const getService: Operation = {
	value: 'get',
	name: 'Get',
	action: 'Get a service',
	description: 'Get one service by ID',
	method: 'GET',
	path: '/services/get/{serviceId}',
	fields: [service],
	output: { root: 'serviceType', numbers: SERVICE_NUMBERS, simplify: serviceShape() },
};

export const serviceOperations: Operation[] = [
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many services',
		description: 'List the department’s services',
		// The spec's services/get/page answers service type records, not services: the listing is a search
		// every service matches (id > 0), answered whole.
		method: 'POST',
		path: '/services/search',
		list: 'whole',
		sendBody: () => [{ field: 'id', operator: '>', value: '0' }],
		output: { root: 'records', numbers: SERVICE_NUMBERS },
	},
	{
		value: 'list',
		name: 'Get Page Listing',
		action: 'Get the platform’s service listing',
		description:
			'The platform’s paged listing (services/get/page) as it answers: spec 4.3.0 documents it answering ' +
			'service type records; Get Many lists services',
		method: 'GET',
		path: '/services/get/page/{page}',
		list: 'paged',
		output: {
			numbers: [...SERVICE_NUMBERS, 'esid', 'list_price', 'wholesale_price', 'reseller_price'],
		},
	},
	{
		value: 'search',
		name: 'Search',
		action: 'Search services',
		description: 'Find services by field, operator and value',
		method: 'POST',
		path: '/services/search',
		fields: searchFields,
		rules: [searchRule],
		sendBody: searchCriteria,
		output: {
			root: 'records',
			numbers: SERVICE_NUMBERS,
			simplify: serviceShape(['username', 'ip_ipadd', 'date_created', 'date_modified']),
		},
	},
	getService,
	{
		value: 'create',
		name: 'Create',
		action: 'Create a service',
		description:
			'Add a service to a customer; without a monthly fee the platform prices it from ' +
			'the price book or list price',

		method: 'POST',
		path: '/services/add',
		fields: [
			customerLocator({ routing: { send: { type: 'body', property: 'cid' } } }),
			{ ...serviceTypeField, required: true },
			bodyField(serviceNumField),
			bodyField({
				displayName: 'Start Date',
				name: 'start_date',
				type: 'dateTime',
				required: true,
				default: '',
			}),
			collection('Additional Fields', 'additionalFields', [
				...optionalServiceFields.slice(0, 5),
				bodyField({
					displayName: 'Monthly Fee',
					name: 'monthlyfee',
					type: 'number',
					default: 0,
					typeOptions: { numberPrecision: 2 },
					description: 'Ex tax recurring fee; leave out to use the customer’s price',
				}),
				...optionalServiceFields.slice(5),
			]),
		],
		dateFields: ['start_date'],
		moneyFields: ['monthlyfee'],
		rules: [
			rules.required('body', 'cid', 'Customer'),
			rules.required('body', 'servicetype', 'Service Type'),
			rules.required('body', 'service_num', 'Service Number'),
			rules.required('body', 'start_date', 'Start Date'),
			rules.date('body', 'start_date', 'Start Date'),
		],
		...serviceInItsCustomersBundle,
		output: { shows: ['id'], numbers: ['id'] },
	},
	{
		value: 'update',
		name: 'Update',
		action: 'Update a service',
		description:
			'Change a service; optionally recalculate its monthly fee from the price book or list price',
		method: 'POST',
		path: '/services/update/{serviceId}',
		fields: [
			service,
			{
				displayName: 'Recalculate Monthly Fee',
				name: 'recalculateMonthlyFee',
				type: 'boolean',
				default: false,
				description:
					'Whether to let the platform recompute the fee (sends monthlyfee: false), e.g. ' +
					'after a service type change or to end grandfathered pricing',
			},
			collection('Update Fields', 'updateFields', [
				...optionalServiceFields.slice(0, 3),
				bodyField({
					displayName: 'Customer ID',
					name: 'cid',
					type: 'string',
					default: '',
					description:
						'Move the service to this customer (ID, account_id or crm_id; an account_id or ' +
						'crm_id is looked up first, as the platform wants the ID here)',
				}),
				...optionalServiceFields.slice(3, 5),
				bodyField({
					displayName: 'Monthly Fee',
					name: 'monthlyfee',
					type: 'number',
					default: 0,
					typeOptions: { numberPrecision: 2 },
				}),
				...optionalServiceFields.slice(5, 7),
				bodyField({ ...serviceNumField, required: false }),
				optionalServiceFields[7],
				{ ...serviceTypeField, displayName: 'Service Type Name or ID' },
				bodyField({
					displayName: 'Start Date',
					name: 'start_date',
					type: 'dateTime',
					default: '',
				}),
			]),
		],
		dateFields: ['start_date'],
		moneyFields: ['monthlyfee'],
		rules: [monthlyFeeRule, rules.date('body', 'start_date', 'Start Date')],
		prepare: (input) => {
			if (input.param('recalculateMonthlyFee', false)) input.body.monthlyfee = false;
		},
		...serviceMovesWholly,
		...readBack(getService, (input) => ({ serviceId: input.path.serviceId })),
	},
	{
		value: 'addMiscCharge',
		name: 'Add Misc Charge',
		action: 'Add a misc charge to a service',
		description: 'Charge a product against a service on a given date',
		method: 'POST',
		path: '/services/item/add',
		fields: [
			serviceLocator('enid', { routing: { send: { type: 'body', property: 'enid' } } }),
			bodyField({
				displayName: 'Product Name or ID',
				name: 'pid',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getProducts' },
				required: true,
				default: '',
				description:
					'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			}),
			bodyField({
				displayName: 'Charge Date',
				name: 'charge_date',
				type: 'dateTime',
				required: true,
				default: '',
				description: 'A future date keeps it off invoices until then',
			}),
			collection('Additional Fields', 'additionalFields', [
				bodyField({
					displayName: 'Description',
					name: 'description',
					type: 'string',
					default: '',
					description: 'Overrides the product description on the invoice',
				}),
				bodyField({
					displayName: 'Price Inc Tax',
					name: 'inc_tax_amount',
					type: 'number',
					default: 0,
					typeOptions: { numberPrecision: 2 },
					description: 'Overrides the tax-inclusive price',
				}),
				bodyField({
					displayName: 'Tax Rate',
					name: 'taxrate',
					type: 'number',
					default: 10,
					description: 'Overrides the tax rate, in whole percent',
				}),
			]),
		],
		dateFields: ['charge_date'],
		moneyFields: ['inc_tax_amount'],
		rules: [
			rules.required('body', 'enid', 'Service'),
			rules.pattern('body', 'enid', 'Service', WHOLE, 'must be a whole number (the service ID)'),
			rules.required('body', 'pid', 'Product'),
			rules.pattern('body', 'pid', 'Product', WHOLE, 'must be a whole number (the product ID)'),
			rules.required('body', 'charge_date', 'Charge Date'),
			rules.date('body', 'charge_date', 'Charge Date'),
		],
		// The spec types enid and pid as integers; the locator and expressions give text.
		prepare: (input) => {
			for (const field of ['enid', 'pid'])
				input.body[field] = Number(String(input.body[field]).trim());
		},
		output: { shows: ['id'], numbers: ['id'] },
	},
	{
		value: 'getRelated',
		name: 'Get Related Services',
		action: 'Get related services',
		description: 'List the services whose parent is this service',
		method: 'GET',
		path: '/services/getRelatedServices/{serviceId}',
		fields: [service],
		output: { root: 'records', numbers: SERVICE_NUMBERS, simplify: serviceShape() },
	},
	{
		value: 'calculateEtf',
		name: 'Calculate ETF',
		action: 'Calculate an early termination fee',
		description: 'Work out what ending the service early would cost; changes nothing',
		method: 'GET',
		path: '/services/{serviceId}/calculateETF/{date?}',
		fields: [service, optionalDate('Termination date; empty means today')],
		dateFields: ['date'],
		rules: [rules.date('path', 'date', 'Date')],
		output: { numbers: ETF_NUMBERS },
	},
	{
		value: 'applyEtf',
		name: 'Apply ETF',
		action: 'Apply an early termination fee',
		description:
			'Charge the early termination fee to the service (the platform does this with a GET request)',
		method: 'GET',
		path: '/services/{serviceId}/doETF/{date?}',
		fields: [service, optionalDate('Date the fee takes effect; empty means today')],
		dateFields: ['date'],
		rules: [rules.date('path', 'date', 'Date')],
		writeKeys: (input) => [etfKey(input.path.serviceId as ServiceId)],
		answerFrom: applyFee,
	},
	{
		value: 'calculateEtfMany',
		name: 'Calculate ETF for Many',
		action: 'Calculate early termination fees for many services',
		description: 'One early termination result per service; changes nothing',
		method: 'POST',
		path: '/services/calculateMultipleETF/{date?}',
		fields: [serviceIdsField, optionalDate('Termination date; empty means today')],
		dateFields: ['date'],
		rules: [serviceIdsRule, rules.date('path', 'date', 'Date')],
		sendBody: serviceIds,
		output: { numbers: ETF_NUMBERS },
	},
	{
		value: 'applyEtfMany',
		name: 'Apply ETF for Many',
		action: 'Apply early termination fees to many services',
		description: 'Charge the early termination fee to each service; one result per service',
		method: 'POST',
		path: '/services/doMultipleETF/{date?}',
		fields: [serviceIdsField, optionalDate('Date the fees take effect; empty means today')],
		dateFields: ['date'],
		rules: [serviceIdsRule, rules.date('path', 'date', 'Date')],
		writeKeys: (input) => serviceIds(input).map(etfKey),
		answerFrom: applyFees,
		output: { numbers: ['enid'] },
	},
	{
		value: 'getMonthlyCost',
		name: 'Get Monthly Cost',
		action: 'Get the monthly cost of a service number',
		description: 'The monthly fee of the service with this number on a date',
		method: 'GET',
		path: '/services/get/monthlyCostByServiceNumber/{date}/{service_num}',
		fields: [serviceNumField, { ...optionalDate('Date the service is active on'), required: true }],
		dateFields: ['date'],
		rules: [rules.date('path', 'date', 'Date')],
		output: { root: 'data', numbers: COST_NUMBERS },
	},
	{
		value: 'getProRataCost',
		name: 'Get Pro-Rata Cost',
		action: 'Get the pro rata cost of a service number',
		description:
			'The first month’s pro-rata fee of the service with this number starting on a date',
		method: 'GET',
		path: '/services/get/monthlyCostByServiceNumber/proRata/{date}/{service_num}',
		fields: [
			serviceNumField,
			{
				...optionalDate('The service’s start date: the number must start on it'),
				displayName: 'Start Date',
				required: true,
			},
		],
		dateFields: ['date'],
		rules: [rules.date('path', 'date', 'Start Date')],
		output: { root: 'data', numbers: COST_NUMBERS },
	},
	{
		value: 'getDailyCost',
		name: 'Get Daily Cost',
		action: 'Get the daily cost of a service number',
		description: 'The daily fee of the active service with this number',
		method: 'GET',
		path: '/services/get/monthlyCostByServiceNumber/daily/{service_num}',
		fields: [serviceNumField],
		output: { root: 'data', numbers: COST_NUMBERS },
	},
];
