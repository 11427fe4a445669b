import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { listCallTypes } from '../shared/callTypes';
import { collection } from '../shared/operations';
import type { Operation } from '../shared/operations';
import { fixedRows, isBlank } from '../shared/rules';
import type { RequestInput, Rule } from '../shared/rules';

const loaded = (
	displayName: string,
	name: string,
	method: string,
	what: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'options',
	typeOptions: { loadOptionsMethod: method },
	required: true,
	default: '',
	description: `${what}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
});

const TYPE_NUMBERS = [
	'esid',
	'calls_service',
	'data_service',
	'helpdesk_display',
	'sms_postpaid',
	'list_price',
	'wholesale_price',
	'reseller_price',
	'cost_price',
	'ctgid',
	'total_results',
	'total_pages',
];

// ----- Service types -----

const flagFilter = (displayName: string, name: string): INodeProperties => ({
	displayName,
	name,
	type: 'options',
	options: [
		{ name: 'Yes', value: '1' },
		{ name: 'No', value: '0' },
	],
	default: '1',
	routing: { send: { type: 'query', property: name } },
});

const serviceTypeFilters: INodeProperties = collection('Filters', 'filters', [
	flagFilter('Calls Service', 'calls_service'),
	flagFilter('Data Service', 'data_service'),
	flagFilter('Helpdesk Display', 'helpdesk_display'),
	{
		displayName: 'Invoice Type',
		name: 'invoice_type',
		type: 'string',
		default: '',
		routing: { send: { type: 'query', property: 'invoice_type' } },
	},
	{
		displayName: 'Reporting Category',
		name: 'reporting_category',
		type: 'string',
		default: '',
		description: 'Part of the reporting category',
		routing: { send: { type: 'query', property: 'reporting_category' } },
	},
	{
		displayName: 'Type of Service',
		name: 'typeofservice',
		type: 'string',
		default: '',
		description: 'Part of the service type’s name',
		routing: { send: { type: 'query', property: 'typeofservice' } },
	},
]);

export const serviceTypeOperations: Operation[] = [
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many service types',
		description: 'List service types',
		method: 'GET',
		path: '/serviceType/get/page/{page}',
		list: 'paged',
		output: { numbers: TYPE_NUMBERS },
	},
	{
		value: 'search',
		name: 'Search',
		action: 'Search service types',
		description: 'Find service types by name, category and flags',
		method: 'GET',
		path: '/serviceType/search',
		fields: [serviceTypeFilters],
		list: 'paged',
		pageInQuery: true,
		output: { numbers: TYPE_NUMBERS },
	},
	{
		value: 'get',
		name: 'Get',
		action: 'Get a service type',
		description: 'Get a service type’s full record',
		method: 'GET',
		path: '/serviceType/get/{esid}',
		fields: [loaded('Service Type Name or ID', 'esid', 'getServiceTypes', 'The service type')],
		output: { root: 'serviceType', numbers: TYPE_NUMBERS },
	},
];

// ----- Price books -----

const priceBookItems: INodeProperties = {
	displayName: 'Items',
	name: 'items',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Item',
	default: {},
	description: 'Prices of this book; they replace the book’s current items',
	options: [
		{
			displayName: 'Item',
			name: 'item',
			values: [
				{
					displayName: 'Applies To',
					name: 'related_type',
					type: 'options',
					options: [
						{ name: 'Product', value: 'product' },
						{ name: 'Service Type', value: 'service' },
					],
					default: 'service',
				},
				{
					displayName: 'Service Type or Product ID',
					name: 'related_id',
					type: 'number',
					default: 0,
					description: 'The service type (esid) or product (pid) priced',
				},
				{
					displayName: 'Price Rule',
					name: 'override',
					type: 'options',
					options: [
						{ name: 'Percent of List Price', value: 0 },
						{ name: 'Flat Price', value: 1 },
					],
					default: 0,
				},
				{
					displayName: 'Adjustment',
					name: 'adjustment',
					type: 'number',
					default: 100,
					typeOptions: { numberPrecision: 2 },
					description: 'Percent of list price (e.g. 75 of 50 gives 37.50) or the flat price',
				},
			],
		},
	],
};

function priceBookBody(input: RequestInput): IDataObject {
	const rows = fixedRows(input, 'items', 'item');
	const body: IDataObject = {};
	// An empty name is not sent: the spec does not say the platform keeps the current one when given ''.
	const name = input.param('name', '');
	if (!isBlank(name)) body.name = name as string;
	const id = input.param('priceBookId', '');
	if (!isBlank(id)) body.id = Number(id);
	if (rows.length)
		body.items = rows.map((r) => ({
			related_type: r.related_type,
			related_id: Number(r.related_id),
			override: Number(r.override),
			adjustment: Number(r.adjustment),
		}));
	return body;
}

const priceBookRule: Rule = (input) => {
	const body = priceBookBody(input);
	if (isBlank(body.name) && body.id === undefined) return 'Name (name) is required';
	const items = (body.items as IDataObject[] | undefined) ?? [];
	const bad = items.findIndex(
		(item) => !Number.isInteger(item.related_id) || (item.related_id as number) <= 0,
	);
	return bad >= 0
		? `Items (items) row ${bad + 1}: Service Type or Product ID (related_id) is required`
		: undefined;
};

const priceBookId = loaded(
	'Price Book Name or ID',
	'priceBookId',
	'getPriceBooks',
	'The price book',
);

export const priceBookOperations: Operation[] = [
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many price books',
		description: 'List price books',
		method: 'GET',
		path: '/priceBooks/get/page/{page}',
		list: 'paged',
		output: { numbers: ['id'] },
	},
	{
		value: 'get',
		name: 'Get',
		action: 'Get a price book',
		description: 'Get a price book with its items',
		method: 'GET',
		path: '/priceBooks/get/{priceBookId}',
		fields: [priceBookId],
		output: { root: 'priceBook', numbers: ['id'] },
	},
	{
		value: 'create',
		name: 'Create',
		action: 'Create a price book',
		description: 'Create a price book with items',
		method: 'POST',
		path: '/priceBooks/post',
		fields: [
			{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '' },
			priceBookItems,
		],
		rules: [priceBookRule],
		sendBody: priceBookBody,
		output: { numbers: ['id'] },
	},
	{
		value: 'update',
		name: 'Update',
		action: 'Update a price book',
		description: 'Rename a price book or replace its items',
		method: 'POST',
		path: '/priceBooks/post',
		fields: [
			priceBookId,
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'New name; empty keeps the current one',
			},
			priceBookItems,
		],
		rules: [priceBookRule],
		sendBody: priceBookBody,
		output: { numbers: ['id'] },
	},
];

// ----- Products -----

export const productOperations: Operation[] = [
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many products',
		description: 'List products',
		method: 'GET',
		path: '/products/get/page/{page}',
		list: 'paged',
		output: { numbers: ['pid', 'ex_tax_amount'] },
	},
	{
		value: 'get',
		name: 'Get',
		action: 'Get a product',
		description: 'Get a product’s full record',
		method: 'GET',
		path: '/product/get/{pid}',
		fields: [loaded('Product Name or ID', 'pid', 'getProducts', 'The product')],
		output: {
			root: 'products',
			numbers: [
				'pid',
				'ex_tax_amount',
				'inc_tax_amount',
				'cost',
				'vid',
				'taxrate_id',
				'taxrate',
				'catid',
			],
		},
	},
];

// ----- Call rate cards -----

const RATE_NUMBERS = ['id', 'ctgid', 'active', 'billing_increment', 'international_markup_percent'];

const rateItems: INodeProperties = {
	displayName: 'Rates',
	name: 'callTypes',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Rate',
	default: {},
	description: 'Rate items, one per call type; they replace the card’s current rates',
	options: [
		{
			displayName: 'Rate',
			name: 'rate',
			values: [
				{
					displayName: 'Call Type Name or ID',
					name: 'ctid',
					type: 'options',
					typeOptions: { loadOptionsMethod: 'getCallTypes' },
					default: '',
					description:
						'Required. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				},
				{
					displayName: 'Flat Rate',
					name: 'fixedrate',
					type: 'boolean',
					default: false,
					description: 'Whether the rate is a flat price per call instead of per minute',
				},
				{
					displayName: 'Rate Per Minute',
					name: 'ratepermin',
					type: 'number',
					default: 0,
					typeOptions: { numberPrecision: 4 },
				},
				{
					displayName: 'Rate Fields',
					name: 'rateFields',
					type: 'collection',
					placeholder: 'Add Field',
					default: {},
					description:
						'The rate item’s other fields. Only those added are sent; a field left out takes ' +
						'the platform’s default, also when an update replaces an existing rate.',

					options: [
						{
							displayName: 'Direction',
							name: 'direction',
							type: 'string',
							default: '',
							placeholder: 'outbound',
						},
						{
							displayName: 'Flagfall',
							name: 'flagfall',
							type: 'number',
							default: 0,
							typeOptions: { numberPrecision: 4 },
							description: 'Connection cost',
						},
						{
							displayName: 'Free Seconds',
							name: 'free_seconds',
							type: 'number',
							default: 0,
							description: 'Seconds free before the rate per minute applies',
						},
						{ displayName: 'Internal Code', name: 'internal_code', type: 'string', default: '' },
						{
							displayName: 'Max Call Pack Usage',
							name: 'max_callpackusage',
							type: 'number',
							default: -1,
							description: '-1 means no limit, 0 that no deductions apply',
						},
						{
							displayName: 'Maximum Cost',
							name: 'max_cost',
							type: 'number',
							default: 0,
							typeOptions: { numberPrecision: 4 },
						},
						{
							displayName: 'Min Call Pack Usage',
							name: 'min_callpackusage',
							type: 'number',
							default: -1,
							description: '-1 means no limit, 0 that no deductions apply',
						},
						{
							displayName: 'Minimum Cost',
							name: 'min_cost',
							type: 'number',
							default: 0,
							typeOptions: { numberPrecision: 4 },
						},
						{
							displayName: 'Name',
							name: 'name',
							type: 'string',
							default: '',
							description: 'Name of the rate item',
						},
					],
				},
			],
		},
	],
};

const rateCardOptions = collection('Card Fields', 'cardFields', [
	{
		displayName: 'Active',
		name: 'active',
		type: 'boolean',
		default: true,
		description: 'Whether the card is active; inactive cards leave lists and search',
	},
	{
		displayName: 'Billing Increment',
		name: 'billing_increment',
		type: 'number',
		default: 60,
		description: 'Billing step in seconds (60, 30 and 1 are common); 0 means the default',
	},
	{
		displayName: 'International Markup Percent',
		name: 'international_markup_percent',
		type: 'number',
		default: 0,
	},
	{ displayName: 'Name', name: 'name', type: 'string', default: '' },
	{ displayName: 'Tags', name: 'tags', type: 'string', default: '' },
]);

function rateCardBody(input: RequestInput): IDataObject {
	const fields = { ...(input.param('cardFields', {}) as IDataObject) };
	if ('active' in fields) fields.active = fields.active ? 1 : 0;
	const rows = fixedRows(input, 'callTypes', 'rate');
	const body: IDataObject = { ...fields };
	const id = input.param('ctgid', '');
	if (!isBlank(id)) body.ctgid = Number(id);
	if (rows.length) body.callTypes = rows.map(rateItem);
	return body;
}

/** One rate item with only the fields the row gives: a replaced rate is not reset by values nobody chose. */
function rateItem(row: IDataObject): IDataObject {
	const { rateFields, ...own } = row;
	const item: IDataObject = {};
	for (const [key, value] of Object.entries({
		...own,
		...((rateFields as IDataObject | undefined) ?? {}),
	})) {
		if (!isBlank(value)) item[key] = value;
	}
	item.ctid = isBlank(row.ctid) ? undefined : Number(row.ctid);
	if ('fixedrate' in item) item.fixedrate = item.fixedrate ? 1 : 0;
	return item;
}

const rateCardRule: Rule = (input) => {
	const rows = (rateCardBody(input).callTypes as IDataObject[] | undefined) ?? [];
	const bad = rows.findIndex((row) => !Number.isInteger(row.ctid));
	return bad >= 0 ? `Rates (callTypes) row ${bad + 1}: Call Type (ctid) is required` : undefined;
};

const rateCardId = loaded(
	'Call Rate Card Name or ID',
	'ctgid',
	'getCallRateCards',
	'The call rate card (ctgid)',
);

export const callRateOperations: Operation[] = [
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many call rate cards',
		description: 'List active call rate cards',
		method: 'GET',
		path: '/callRates/get/page/{page}',
		list: 'paged',
		output: { numbers: ['id', 'billing_increment'] },
	},
	{
		value: 'get',
		name: 'Get',
		action: 'Get a call rate card',
		description: 'Get a rate card with its rates',
		method: 'GET',
		path: '/callRates/get/{ctgid}',
		fields: [rateCardId],
		output: { root: 'callRates', numbers: RATE_NUMBERS },
	},
	{
		value: 'create',
		name: 'Create',
		action: 'Create a call rate card',
		description: 'Create a rate card with rates per call type',
		method: 'POST',
		path: '/callRates/post',
		fields: [rateCardOptions, rateItems],
		rules: [rateCardRule],
		sendBody: rateCardBody,
		output: { numbers: ['ctgid'] },
	},
	{
		value: 'update',
		name: 'Update',
		action: 'Update a call rate card',
		description: 'Change a rate card or replace its rates',
		method: 'POST',
		path: '/callRates/post',
		fields: [rateCardId, rateCardOptions, rateItems],
		rules: [rateCardRule],
		sendBody: rateCardBody,
		output: { numbers: ['ctgid'] },
	},
];

// ----- Call types -----

export const callTypeOperations: Operation[] = [
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many call types',
		description:
			'List the call types the department’s rate cards use (the spec gives call types ' +
			'no listing of their own); any other is reached by ID with Get',

		method: 'GET',
		path: '/serviceType/get/page/{page}',
		list: 'whole',
		answerFrom: async (request) => ({
			results: await listCallTypes(
				async (url) => (await request({ method: 'GET', url })) as IDataObject,
			),
		}),
		output: { root: 'results', numbers: ['ctid', 'priority'] },
	},
	{
		value: 'get',
		name: 'Get',
		action: 'Get a call type',
		description: 'Get a call type with its matching rules and default rate',
		method: 'GET',
		path: '/callType/get/{ctid}',
		fields: [loaded('Call Type Name or ID', 'ctid', 'getCallTypes', 'The call type')],
		output: { root: 'serviceType', numbers: ['ctid', 'priority'] },
	},
];
