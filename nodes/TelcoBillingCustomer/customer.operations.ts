import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { bodyField, collection } from '../shared/tableNode/describe';
import type { Operation } from '../shared/operation/operations';
import { rules } from '../shared/input/rules';
import { searchCustomers } from '../shared/operation/customerSearch';
import type { Request } from '../shared/operation/request';
import { cidField, customerRecordFields, customerRecordRules } from './customer.fields';
import { upsertOperation } from './customer.upsert';
import { paymentFields, paymentSourceRule, preparePayment } from './customer.payment';

const searchFields: INodeProperties[] = [
	{
		displayName: 'Search By',
		name: 'field',
		type: 'options',
		required: true,
		options: [
			{ name: 'ABN', value: 'abn' },
			{ name: 'Company', value: 'company' },
			{ name: 'Email', value: 'email' },
			{ name: 'First Name', value: 'name' },
			{ name: 'Mobile', value: 'mobile' },
			{ name: 'Surname', value: 'surname' },
		],
		default: 'company',
		description: 'Customer field to search in',
	},
	{
		displayName: 'Search Value',
		name: 'value',
		type: 'string',
		required: true,
		default: '',
		description: 'Text to look for: at least 3 characters',
	},
	{
		displayName: 'If Nothing Matches',
		name: 'ifNothingMatches',
		type: 'options',
		options: [
			{ name: 'Output Nothing', value: 'nothing', description: 'The item ends here' },
			{
				name: 'Output an Item With Found: False',
				value: 'notFound',
				description: 'So the next nodes can create the customer (create-or-update flows)',
			},
		],
		default: 'nothing',
	},
];

const chargeItemFields: INodeProperties[] = [
	bodyField({
		displayName: 'Amount',
		name: 'amount',
		type: 'number',
		default: 0,
		typeOptions: { numberPrecision: 2 },
		description: 'Unit price in dollars, ex tax',
	}),
	bodyField({
		displayName: 'Charge Date',
		name: 'charge_date',
		type: 'dateTime',
		default: '',
		description: 'A future date keeps the charge off invoices until then',
	}),
	bodyField({
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		description: 'Text shown on the invoice',
	}),
	bodyField({
		displayName: 'Product ID',
		name: 'pid',
		type: 'number',
		default: 0,
		description: 'Product this charge is for (optional)',
	}),
	bodyField({ displayName: 'Quantity', name: 'quantity', type: 'number', default: 1 }),
];

export const customerOperations: Operation[] = [
	{
		value: 'create',
		name: 'Create',
		action: 'Create a customer',
		description: 'Create a customer in the key’s department',
		method: 'POST',
		path: '/customer/add',
		fields: [collection('Customer Fields', 'customerFields', customerRecordFields)],
		...customerRecordRules,
		// The platform answers the new customer's id as `id`; every other customer answer calls it cid.
		outputOf: (body) => ({ ...(body as IDataObject), cid: (body as IDataObject).id }),
		output: { shows: ['id'], numbers: ['id', 'cid'] },
	},
	upsertOperation,
	{
		value: 'update',
		name: 'Update',
		action: 'Update a customer',
		description: 'Change fields of a customer found by ID, account_id or crm_id',
		method: 'POST',
		path: '/customer/update/{cid}',
		fields: [cidField, collection('Update Fields', 'updateFields', customerRecordFields)],
		...customerRecordRules,
		// The answer names no customer. A typed customer ID is sent as it is (one request an item) and output as
		// given; any other reference is the item's customer identity, its path proven before the update (so no
		// read after a saved update can fail it), its cid output.
		outputOf: async (body, { input, request }) => {
			const identity = (request as Request).customer!(
				input.path.cid,
				input.picked?.('cid') ?? false,
			);
			const cid = identity.typedDigits ? Number(identity.given) : await identity.cid();
			return { ...(body as IDataObject), cid };
		},
	},
	{
		value: 'search',
		name: 'Search',
		action: 'Search customers',
		description: 'Find customers whose field contains a value',
		method: 'GET',
		path: '/customer/search/{field}/{value}',
		fields: searchFields,
		rules: [(input) => rules.minLength('path', 'value', 'Search Value', 3)(input)],
		whenEmpty: (input) =>
			input.param('ifNothingMatches', 'nothing') === 'notFound'
				? { found: false, field: input.path.field as string, value: input.path.value as string }
				: undefined,
		// One reading of every customer search (searchCustomers): a search that finds nobody may answer
		// "no customer found", which is no one, not a failure. `found` on every match too, so an If node can
		// branch on true as well as on false.
		answerFrom: async (request, input) => {
			const records = await searchCustomers(
				request,
				String(input.path.field),
				String(input.path.value),
			);
			return { success: true, records: records.map((record) => ({ found: true, ...record })) };
		},
		output: {
			root: 'records',
			numbers: ['cid', 'ctgid', 'credit_management'],
			// Simplified (a new node's default, and a tool's): who the customer is and how to reach them, not
			// their date of birth or business number, which a question rarely needs and a model need not see.
			simplify: {
				id: 'cid',
				simplified: ['found', 'company', 'name', 'surname', 'email', 'mobile', 'paymethod'],
				fields: [
					'found',
					'company',
					'name',
					'surname',
					'email',
					'mobile',
					'credit_management',
					'dob',
					'abn',
					'paymethod',
					'ctgid',
				],
			},
		},
	},
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many customers',
		description: 'List active customers (ID, company and trading name)',
		method: 'GET',
		path: '/customer/getAll',
		list: 'whole',
		output: { root: 'records', numbers: ['cid'] },
	},
	{
		value: 'getBalance',
		name: 'Get Balance',
		action: 'Get a customer balance',
		description: 'Get the account balance of a customer, in dollars',
		method: 'GET',
		path: '/customer/balance/{cid}',
		fields: [cidField],
		output: { numbers: ['balance', 'cid'] },
	},
	{
		value: 'getPaymentDetails',
		name: 'Get Payment Details',
		action: 'Get customer payment details',
		description: 'Get the customer’s current payment method and masked card or bank details',
		method: 'GET',
		path: '/customer/paymentDetails/{cid}',
		fields: [cidField],
		output: { numbers: ['cid'] },
	},
	{
		value: 'getServicePricing',
		name: 'Get Service Pricing',
		action: 'Get customer service pricing',
		description: 'Get the price the customer pays for each service type',
		method: 'GET',
		path: '/customer/get/servicePricing/{cid}',
		fields: [cidField],
		output: { root: 'prices', numbers: ['price', 'service_type_id'] },
	},
	{
		value: 'takePayment',
		name: 'Take Payment',
		action: 'Take a payment from a customer',
		description: 'Charge the customer’s card or bank account through the payment gateway',
		method: 'POST',
		path: '/customer/payment/{cid}',
		fields: paymentFields,
		prepare: preparePayment,
		moneyFields: ['amount'],
		rules: [rules.minimum('body', 'amount', 'Amount', 1), paymentSourceRule],
		secretFields: ['cc_number', 'cc_ccv', 'payment_token'],
	},
	{
		value: 'recordExternalPayment',
		name: 'Record External Payment',
		action: 'Record an external payment',
		description:
			'Log a payment taken outside the platform; a repeated transaction ID is ' +
			'detected, not doubled',

		method: 'POST',
		path: '/customer/external-payment/{cid}',
		fields: [
			cidField,
			bodyField({
				displayName: 'Transaction ID',
				name: 'transaction_id',
				type: 'string',
				required: true,
				default: '',
				description:
					'Your unique reference for the payment, used to detect duplicates and track refunds',
			}),
			bodyField({
				displayName: 'Amount',
				name: 'amount',
				type: 'number',
				required: true,
				default: 0,
				typeOptions: { numberPrecision: 2 },
				description: 'Amount paid in dollars',
			}),
			collection('Additional Fields', 'additionalFields', [
				bodyField({
					displayName: 'Date',
					name: 'date',
					type: 'dateTime',
					default: '',
				}),
				bodyField({ displayName: 'Description', name: 'description', type: 'string', default: '' }),
				bodyField({
					displayName: 'Payment Type',
					name: 'payment_type',
					type: 'string',
					default: '',
					placeholder: 'e.g. eftpos',
				}),
			]),
		],
		dateFields: ['date'],
		moneyFields: ['amount'],
		rules: [
			rules.required('body', 'transaction_id', 'Transaction ID'),
			rules.date('body', 'date', 'Date'),
		],
		output: { numbers: ['payment_id', 'cid'] },
	},
	{
		value: 'addChargeItem',
		name: 'Add Charge Item',
		action: 'Add a charge item to a customer',
		description: 'Add a one-off charge to the customer’s next invoice',
		method: 'POST',
		path: '/customer/item/add',
		fields: [
			{ ...cidField, routing: { send: { type: 'body', property: 'cid' } } },
			collection('Charge Fields', 'chargeFields', chargeItemFields),
		],
		dateFields: ['charge_date'],
		moneyFields: ['amount'],
		rules: [
			rules.required('body', 'cid', 'Customer'),
			rules.required('body', 'description', 'Description'),
			rules.date('body', 'charge_date', 'Charge Date'),
		],
		output: { shows: ['id'], numbers: ['id'] },
	},
	{
		value: 'updateChargeItem',
		name: 'Update Charge Item',
		action: 'Update a customer charge item',
		description: 'Change a charge item added to a customer',
		method: 'POST',
		path: '/customer/item/update/{itemId}',
		fields: [
			{
				displayName: 'Charge Item ID',
				name: 'itemId',
				type: 'string',
				required: true,
				default: '',
				description: 'ID returned by Add Charge Item',
			},
			collection('Update Fields', 'chargeUpdateFields', chargeItemFields),
		],
		dateFields: ['charge_date'],
		moneyFields: ['amount'],
		rules: [rules.date('body', 'charge_date', 'Charge Date')],
	},
	{
		value: 'getCreditManagement',
		name: 'Get Credit Management',
		action: 'Get customer credit management status',
		description: 'Whether late fees and automatic card charges are suspended for the customer',
		method: 'GET',
		path: '/customer/getManagementStatus/{cid}',
		fields: [cidField],
		output: { numbers: ['cid', 'credit_management'] },
	},
	{
		value: 'setCreditManagement',
		name: 'Set Credit Management',
		action: 'Set customer credit management status',
		description: 'Turn credit management on or off for the customer',
		method: 'GET',
		path: '/customer/setManagementStatus/{cid}/{status}',
		// The status is the value written, not the record: on then off for one customer take turns.
		writeKeys: (input) => [`credit management ${String(input.path.cid)}`],
		fields: [
			cidField,
			{
				displayName: 'Credit Management',
				name: 'status',
				type: 'options',
				options: [
					{
						name: 'On',
						value: '1',
						description: 'No late fee, no automatic card charge on the due date',
					},
					{ name: 'Off', value: '0', description: 'Normal collection' },
				],
				default: '1',
			},
		],
	},
];
