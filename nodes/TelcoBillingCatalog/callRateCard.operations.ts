import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { collection, loadedOptions } from '../shared/tableNode/describe';
import type { Operation } from '../shared/operation/operations';
import { fixedRows, isBlank } from '../shared/input/rules';
import type { RequestInput, Rule } from '../shared/input/rules';
import { setOwn } from '../shared/input/keys';

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
							placeholder: 'e.g. outbound',
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
		if (!isBlank(value)) setOwn(item, key, value);
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

const rateCardId = loadedOptions(
	'Call Rate Card Name or ID',
	'ctgid',
	'getCallRateCards',
	'The call rate card (ctgid)',
);

const getRateCard: Operation = {
	value: 'get',
	name: 'Get',
	action: 'Get a call rate card',
	description: 'Get a rate card with its rates',
	method: 'GET',
	path: '/callRates/get/{ctgid}',
	fields: [rateCardId],
	output: {
		root: 'callRates',
		numbers: RATE_NUMBERS,
		// The rate card's 11 fields; Simplify leaves out who created and last changed it.
		simplify: {
			id: 'ctgid',
			simplified: [
				'name',
				'active',
				'billing_increment',
				'tags',
				'international_markup_percent',
				'callTypes',
				'date_created',
				'date_modified',
			],
			fields: [
				'ctgid',
				'name',
				'active',
				'billing_increment',
				'tags',
				'international_markup_percent',
				'callTypes',
				'date_created',
				'date_modified',
				'user_created',
				'user_modified',
			],
		},
	},
};

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
	getRateCard,
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
		output: { shows: ['ctgid'], numbers: ['ctgid'] },
	},
	// Kept so saved workflows open and say why: the spec's callRates/post body (name, active,
	// billing_increment, tags, international_markup_percent, callTypes[]) names no card, so a post always
	// creates one. Sending ctgid anyway made a new card on a platform that ignores it.
	{
		value: 'update',
		name: 'Update',
		action: 'Update a call rate card',
		description:
			'Not possible through the API: the platform’s callRates/post cannot name an existing card, ' +
			'so it is refused before anything is sent',
		method: 'POST',
		path: '/callRates/post',
		fields: [rateCardId, rateCardOptions, rateItems],
		rules: [
			() =>
				'Call Rate Card → Update is not possible through the billing platform’s API: callRates/post ' +
				'has no field that names the card to change (spec 4.3.0), so the platform would create a ' +
				'new card. Change the card in the billing platform, or use Create for a new one',
		],
		sendBody: rateCardBody,
	},
];
