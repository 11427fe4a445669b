import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Operation } from '../shared/operation/operations';
import { readBackSaved } from './catalog.readBack';
import { fixedRows, isBlank, rules } from '../shared/input/rules';
import { decimalText, exactNumber } from '../shared/input/money';
import type { RequestInput, Rule } from '../shared/input/rules';
import { loadedOptions } from '../shared/tableNode/describe';

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

/** An adjustment exactly as given, or NaN when it is blank or not an amount (refused by priceBookRule). */
function adjustmentOf(value: unknown): number {
	const text = decimalText(value);
	return (text === undefined ? undefined : exactNumber(text)) ?? Number.NaN;
}

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
			// An amount exactly as given; one that is blank or not an amount is refused (priceBookRule).
			adjustment: adjustmentOf(r.adjustment),
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
	if (bad >= 0)
		return `Items (items) row ${bad + 1}: Service Type or Product ID (related_id) is required`;
	// A blank adjustment would be 0: a percentage of 0 prices the item at nothing.
	const unpriced = items.findIndex((item) => !Number.isFinite(item.adjustment as number));
	return unpriced >= 0
		? `Items (items) row ${unpriced + 1}: Adjustment (adjustment) must be a number (a percentage of ` +
				'the list price, or the price itself with Override on); blank, the item would be priced at 0'
		: undefined;
};

const priceBookId = loadedOptions(
	'Price Book Name or ID',
	'priceBookId',
	'getPriceBooks',
	'The price book',
);

const getPriceBook: Operation = {
	value: 'get',
	name: 'Get',
	action: 'Get a price book',
	description: 'Get a price book with its items',
	method: 'GET',
	path: '/priceBooks/get/{priceBookId}',
	fields: [priceBookId],
	output: { root: 'priceBook', numbers: ['id'] },
};

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
	getPriceBook,
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
		output: { shows: ['id'], numbers: ['id'] },
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
		// Without a valid id the platform would create a new book instead (the spec: omit id to create).
		rules: [rules.recordId('param', 'priceBookId', 'Price Book'), priceBookRule],
		sendBody: priceBookBody,
		// The book is named in the body, not the path: items updating one book take turns, in input order.
		writeKeys: (input) => [`price book ${Number(String(input.param('priceBookId', '')).trim())}`],
		...readBackSaved(getPriceBook, { param: 'priceBookId', answerKey: 'id', what: 'price book' }),
	},
];
