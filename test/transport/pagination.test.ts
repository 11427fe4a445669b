import type { INodeType } from 'n8n-workflow';
import { tableNode } from '../../nodes/shared/tableNode/node';
import { runTables } from '../../nodes/shared/tableNode/itemLoop';
import { describeResource } from '../../nodes/shared/tableNode/describe';
import type { Operation } from '../../nodes/shared/operation/operations';
import { jsonOf, useNode } from '../harness/nodeRunner';

// A node built from the shared pieces alone, over a `/get/page/{n}` listing, with two rows a page.
const listing: Operation[] = [
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many service types',
		description: 'List service types',
		method: 'GET',
		path: '/serviceType/get/page/{page}',
		list: 'paged',
		output: { numbers: ['esid'] },
	},
];

const pagedNode: INodeType = {
	description: {
		displayName: 'Paged Test',
		name: 'pagedTest',
		description: 'The shared node run over a paged listing',
		defaults: { name: 'Paged Test' },
		...tableNode(),
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [{ name: 'Service Type', value: 'serviceType' }],
				default: 'serviceType',
			},
			...describeResource('serviceType', listing, 'getAll'),
		],
	},
	execute: async function () {
		return await runTables(this, { serviceType: listing });
	},
};

const node = useNode(pagedNode, { pageSize: 2 });
const pages = () => node.sim().requests.map((r) => r.url.split('/').pop());

test('Return All walks every page once, in order, and stops at total_pages', async () => {
	const result = await node.run({ resource: 'serviceType', operation: 'getAll', returnAll: true });
	expect(jsonOf(result).map((r) => r.esid)).toEqual([1, 2, 3, 4, 5, 6]);
	expect(pages()).toEqual(['1', '2', '3']);
});

test('a Limit stops fetching as soon as it is reached', async () => {
	const result = await node.run({
		resource: 'serviceType',
		operation: 'getAll',
		returnAll: false,
		limit: 2,
	});
	expect(jsonOf(result).map((r) => r.esid)).toEqual([1, 2]);
	expect(pages()).toEqual(['1']);
});

test('a Limit inside a later page fetches only what it needs and trims the rest', async () => {
	const result = await node.run({
		resource: 'serviceType',
		operation: 'getAll',
		returnAll: false,
		limit: 3,
	});
	expect(jsonOf(result)).toHaveLength(3);
	expect(pages()).toEqual(['1', '2']);
});

test('an empty listing gives no items and one request', async () => {
	node.sim().state.serviceTypes = [];
	const result = await node.run({ resource: 'serviceType', operation: 'getAll', returnAll: true });
	expect(result.items).toEqual([]);
	expect(pages()).toEqual(['1']);
});

test('a later page answered with an HTML page on every try fails the listing: never a shorter list', async () => {
	node.sim().faults.push('pass', ...Array.from({ length: 5 }, () => 'html200' as const));
	const result = await node.run({ resource: 'serviceType', operation: 'getAll', returnAll: true });
	expect(result.items).toEqual([]);
	expect(result.error?.message).toMatch(/HTML page instead of JSON/);
});

test('a page answered 503 once is asked again: the whole listing, each record once', async () => {
	node.sim().faults.push('pass', 'http503');
	const result = await node.run({ resource: 'serviceType', operation: 'getAll', returnAll: true });
	expect(jsonOf(result).map((r) => r.esid)).toEqual([1, 2, 3, 4, 5, 6]);
	expect(pages()).toEqual(['1', '2', '2', '3']);
});
