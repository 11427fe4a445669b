import type { IDataObject } from 'n8n-workflow';
import { customerLocator } from '../shared/methods/locators';
import type { Operation } from '../shared/operation/operations';
import { fixedRows, isBlank } from '../shared/input/rules';
import type { RequestInput } from '../shared/input/rules';
import { productRows, productRowsRefusal } from './crm.fields';
import { decimalText } from '../shared/input/money';

function orderBody(input: RequestInput): IDataObject {
	const body: IDataObject = {
		cid: String(input.param('cid', '')),
		items: fixedRows(input, 'products', 'product').map((p) => {
			// 0 leaves the price to the product's; any other price is sent as given, never dropped: what the spec's
			// number cannot hold exactly is refused (crm.fields.ts, and the type check every request passes).
			const zero =
				decimalText(p.price ?? 0)
					?.replace(/^-/, '')
					.replace(/[0.]/g, '') === '';
			return {
				pid: Number(p.pid),
				quantity: Number(p.quantity ?? 1),
				...(zero ? {} : { price: p.price }),
			};
		}),
	};
	for (const key of ['reference', 'notes']) {
		const value = input.param(key, '');
		if (!isBlank(value)) body[key] = value as string;
	}
	return body;
}

export const orderOperations: Operation[] = [
	{
		value: 'create',
		name: 'Create',
		action: 'Create an order',
		description: 'Place an order for a customer',
		method: 'POST',
		path: '/orders/add',
		fields: [
			customerLocator(),
			productRows(false),
			{
				displayName: 'Reference',
				name: 'reference',
				type: 'string',
				default: '',
				description: 'Your reference for the order',
			},
			{ displayName: 'Notes', name: 'notes', type: 'string', default: '' },
		],
		rules: [
			(input) => (isBlank(orderBody(input).cid) ? 'Customer (cid) is required' : undefined),
			(input) => productRowsRefusal(input, { orderPrice: true }),
			(input) =>
				(orderBody(input).items as IDataObject[]).length === 0
					? 'Products (products) needs at least one product'
					: undefined,
		],
		sendBody: orderBody,
		output: { shows: ['id'], numbers: ['id'] },
	},
];
