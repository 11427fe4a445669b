import type { IDataObject } from 'n8n-workflow';
import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';
import { rewritingProxy } from '../harness/rewriteProxy';
const { node, state, rl, run } = useCrm();

// Found by a fresh-eyes review. externalsales/add answers `{results: [...], processed}`, "each result is
// {success, cid, iid}, plus paymentResult when a payment was attached". The node sends one sale per item, so
// one result is expected: a results list without it says nothing of the sale, and a sale with payment whose
// result has no paymentResult says nothing of the payment. Both are output as if all went well.

const sales = (method: string, url: string) =>
	method === 'POST' && url.includes('/externalsales/add');

async function through(rewrite: (body: IDataObject) => unknown, parameters: IDataObject) {
	const proxy = await rewritingProxy(() => node.sim().url, sales, rewrite);
	try {
		return await run('sale', 'create', parameters, { baseUrl: proxy.url, continueOnFail: true });
	} finally {
		await proxy.close();
	}
}

test('a sale answered with an empty results list is a failure, not an item-less success', async () => {
	const result = await through((body) => ({ ...body, results: [] }), {
		use: 'sale',
		cid: rl('1001'),
		products: { product: [{ pid: 1, price: 149, quantity: 1 }] },
	});
	expect(jsonOf(result)).toEqual([expect.objectContaining({ error: expect.any(String) })]);
});

test('a sale with payment whose result carries no paymentResult is not output as paid', async () => {
	const customer = state().customers[5];
	const result = await through(
		(body) => ({
			...body,
			results: (body.results as IDataObject[]).map((result) => {
				const rest = { ...result };
				delete rest.paymentResult;
				return rest;
			}),
		}),
		{
			use: 'saleWithPayment',
			cid: rl(String(customer.cid)),
			products: { product: [{ pid: 1, price: 149, quantity: 1 }] },
			payments: { payment: [{ type: 'eftpos', amount: 149, description: 'Shop' }] },
		},
	);
	expect(jsonOf(result)).toEqual([expect.objectContaining({ error: expect.any(String) })]);
});
