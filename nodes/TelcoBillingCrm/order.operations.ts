import type { IDataObject } from 'n8n-workflow';
import { customerLocator } from '../shared/methods/locators';
import type { Operation } from '../shared/operation/operations';
import { fixedRows, isBlank } from '../shared/input/rules';
import type { RequestInput } from '../shared/input/rules';
import { productRows } from './crm.fields';

function orderBody(input: RequestInput): IDataObject {
	const body: IDataObject = {
		cid: String(input.param('cid', '')),
		items: fixedRows(input, 'products', 'product').map((p) => ({
			pid: Number(p.pid),
			quantity: Number(p.quantity ?? 1),
			...(Number(p.price) > 0 ? { price: Number(p.price) } : {}),
		})),
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
			(input) => {
				const items = orderBody(input).items as IDataObject[];
				if (items.length === 0) return 'Products (products) needs at least one product';
				return items.some((i) => !Number.isInteger(i.pid) || (i.pid as number) <= 0)
					? 'Products (products): every row needs a product'
					: undefined;
			},
		],
		sendBody: orderBody,
		output: { shows: ['id'], numbers: ['id'] },
	},
];
