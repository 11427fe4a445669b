import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { toPlatformDateTime } from '../shared/input/dates';
import { setOwn } from '../shared/input/keys';
import { customerLocator } from '../shared/methods/locators';
import type { Operation, OutputContext } from '../shared/operation/operations';
import { RefusedAnswer } from '../shared/platform/failure';
import { fixedRows, isBlank } from '../shared/input/rules';
import type { RequestInput, Rule } from '../shared/input/rules';
import { productRows, productRowsRefusal } from './crm.fields';
import {
	amountRefusal,
	compareDecimal,
	decimalText,
	exactTotal,
	wholeQuantity,
} from '../shared/input/money';

const paymentRows: INodeProperties = {
	displayName: 'Payments',
	name: 'payments',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Payment',
	default: {},
	displayOptions: { show: { use: ['saleWithPayment', 'paymentOnInvoice'] } },
	options: [
		{
			displayName: 'Payment',
			name: 'payment',
			values: [
				{
					displayName: 'Amount',
					name: 'amount',
					type: 'number',
					default: 0,
					typeOptions: { numberPrecision: 2 },
				},
				{ displayName: 'Description', name: 'description', type: 'string', default: '' },
				{
					displayName: 'Payment Type',
					name: 'type',
					type: 'string',
					default: 'cash',
					placeholder: 'e.g. cash',
					description: 'Key of the payment, e.g. cash, eftpos, card',
				},
			],
		},
	],
};

/** A row's amount as the decimal text given, or the value itself when it is not one (the rule names it). */
function amountOf(value: unknown): unknown {
	return decimalText(value) ?? value;
}

function saleBody(input: RequestInput): IDataObject[] {
	const use = input.param('use', 'sale');
	const sale: IDataObject = { cid: String(input.param('cid', '')) };
	const date = input.param('date', '');
	if (!isBlank(date)) sale.date = toPlatformDateTime(date) as string;
	if (use !== 'paymentOnInvoice') {
		const products = fixedRows(input, 'products', 'product').map((p) => ({
			pid: Number(p.pid),
			price: amountOf(p.price ?? 0),
			quantity: wholeQuantity(p.quantity ?? 1) ?? p.quantity,
		}));
		sale.products = products;
		// The spec types price and amount as strings: sent as given, the total summed exactly.
		if (products.every((p) => decimalText(p.price) !== undefined && typeof p.quantity === 'number'))
			sale.amount = exactTotal(
				products.map((p) => ({ amount: p.price as string, quantity: p.quantity as number })),
			);
	} else {
		sale.iid = Number(input.param('iid', 0));
		// Without add_payment the platform would clear the invoice's products: the node always sends it.
		sale.add_payment = true;
	}
	if (use !== 'sale') {
		const payments: IDataObject = {};
		// Keyed by the type as typed, an own key whatever it is called ("__proto__" too): every row is a payment.
		for (const p of fixedRows(input, 'payments', 'payment'))
			setOwn(payments, String(p.type || 'cash'), {
				description: String(p.description ?? ''),
				amount: amountOf(p.amount ?? 0),
			});
		sale.payments = payments;
	}
	return [sale];
}

/** Each product row's price an amount and its quantity a whole number: refused per row, naming the field. */
const productRowsRule: Rule = (input) => {
	if (input.param('use', 'sale') === 'paymentOnInvoice') return undefined;
	const products = productRowsRefusal(input, { orderPrice: false });
	if (products) return products;
	for (const [index, row] of fixedRows(input, 'payments', 'payment').entries()) {
		if (input.param('use', 'sale') === 'sale') break;
		const amount = decimalText(row.amount ?? 0);
		if (amount === undefined)
			return `Payments (payments) row ${index + 1}: ${amountRefusal('Amount', 'amount')}`;
	}
	return undefined;
};

/**
 * The payments are keyed by type, so two rows of one type would leave only the last: refused, naming
 * the type and the rows (adding them up is not the user's to assume: they may be two tenders to record).
 */
const paymentTypesRule: Rule = (input) => {
	if (input.param('use', 'sale') === 'sale') return undefined;
	const rowsOfType = new Map<string, number[]>();
	fixedRows(input, 'payments', 'payment').forEach((payment, index) => {
		const type = String(payment.type || 'cash');
		rowsOfType.set(type, [...(rowsOfType.get(type) ?? []), index + 1]);
	});
	const repeated = [...rowsOfType].find(([, rows]) => rows.length > 1);
	if (!repeated) return undefined;
	const [type, rows] = repeated;
	return (
		`Payments (payments) rows ${rows.join(' and ')} have the same Payment Type (type) "${type}": the ` +
		'platform keeps one payment per type, so give each row its own type or put them in one row'
	);
};

const saleRule: Rule = (input) => {
	const [sale] = saleBody(input);
	if (isBlank(sale.cid)) return 'Customer (cid) is required';
	if (sale.date && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(String(sale.date)))
		return 'Date (date) must be Y-m-d or Y-m-d h:i:s';
	const products = (sale.products as IDataObject[] | undefined) ?? [];
	if (sale.products && products.length === 0)
		return 'Products (products) needs at least one product';
	if (input.param('use', 'sale') === 'paymentOnInvoice' && !(Number(sale.iid) > 0))
		return 'Invoice ID (iid) is required';
	const payments = Object.values((sale.payments as IDataObject | undefined) ?? {}) as IDataObject[];
	const above0 = (amount: unknown) => compareDecimal(String(amount), '0') > 0;
	if (sale.payments && (payments.length === 0 || payments.some((p) => !above0(p.amount))))
		return 'Payments (payments) needs at least one payment, each with an amount above 0';
	return undefined;
};

/**
 * The item sends one sale, so its answer must hold that sale's result, and, when a payment was attached (any
 * use but a plain sale), the payment's result: "plus paymentResult when a payment was attached". Without them
 * the answer says nothing of what was recorded or taken; a failed result is the per-record failure toRecords
 * reports.
 */
function saleAnswer(body: unknown, { input }: OutputContext): unknown {
	const results = (body as IDataObject | undefined)?.results;
	if (!Array.isArray(results)) return body;
	if (results.length === 0)
		throw new RefusedAnswer(
			{
				message:
					'The platform answered the sale with no result for it, so whether it was recorded is unknown',
			},
			'unmatched',
		);
	if (input.param('use', 'sale') === 'sale') return body;
	const unpaid = (results as IDataObject[]).find(
		(result) => result?.success !== false && result?.paymentResult === undefined,
	);
	if (unpaid)
		throw new RefusedAnswer(
			{
				message:
					`The platform recorded the sale (invoice ${String(unpaid.iid)}) but answered no paymentResult, so ` +
					'whether the payment was taken is unknown',
			},
			'unmatched',
		);
	return body;
}

export const saleOperations: Operation[] = [
	{
		value: 'create',
		name: 'Create',
		action: 'Record an external sale',
		description:
			'Invoice a sale made elsewhere, optionally with its payment, or pay an existing invoice',
		method: 'POST',
		path: '/externalsales/add',
		fields: [
			{
				displayName: 'Use',
				name: 'use',
				type: 'options',
				options: [
					{
						name: 'Payment on an Existing Invoice',
						value: 'paymentOnInvoice',
						description: 'Pays invoice iid; its products stay as they are',
					},
					{ name: 'Sale', value: 'sale', description: 'Creates an invoice for the products' },
					{
						name: 'Sale With Payment',
						value: 'saleWithPayment',
						description: 'Creates the invoice and pays it',
					},
				],
				default: 'sale',
			},
			customerLocator(),
			{
				displayName: 'Date',
				name: 'date',
				type: 'dateTime',
				default: '',
				description:
					'Date of the sale, with its time if you give one (sent as Y-m-d h:i:s); empty: today',
			},
			{ ...productRows(true), displayOptions: { show: { use: ['sale', 'saleWithPayment'] } } },
			{
				displayName: 'Invoice ID',
				name: 'iid',
				type: 'number',
				default: 0,
				displayOptions: { show: { use: ['paymentOnInvoice'] } },
			},
			paymentRows,
		],
		rules: [productRowsRule, paymentTypesRule, saleRule],
		sendBody: saleBody,
		outputOf: saleAnswer,
		output: {
			root: 'results',
			numbers: ['cid', 'iid', 'payment_id', 'amount', 'balance', 'surcharge'],
		},
	},
];
