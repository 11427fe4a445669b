import type { IDataObject } from 'n8n-workflow';
import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// What a node that stops on an error (n8n's default) leaves behind: a refused item stops it before anything is
// sent; a failure once writes have begun names the items already written, since a stopped node outputs
// nothing. A failure every item would meet (a refused key) sends nothing more, whatever the setting.

const writes = () => node.sim().requests.filter((r) => r.method === 'POST');
const update = customer('update', {
	cid: { __rl: true, mode: 'id', value: '={{ $json.cid }}' },
	updateFields: { mobile: '={{ $json.mobile }}', dob: '={{ $json.dob }}' },
});

test('a refused item stops the node with truly nothing sent, items before it included', async () => {
	const result = await node.run(update, {
		input: [
			{ cid: '1001', mobile: '0400000001' },
			{ cid: '1002', mobile: '0400000002' },
			{ cid: '1003', mobile: '0400000003', dob: 'not a date' },
		],
	});
	expect(result.error?.message).toMatch(/^Date of Birth \(dob\)/);
	expect(result.error?.description).toBe(
		'Refused at [item 2]. Nothing was sent to the billing platform.',
	);
	expect(node.sim().requests).toEqual([]);
});

test('a failure after writes began stops the node naming every item already written, with its customer', async () => {
	const result = await node.run(update, {
		input: [
			{ cid: '1001', mobile: '0400000001' },
			{ cid: '1002', mobile: '0400000002' },
			{ cid: '999999', mobile: '0400000003' },
			{ cid: '1004', mobile: '0400000004' },
		],
		credential: { maxConcurrency: 1 },
	});
	expect(result.error?.message).toMatch(/no customer found/i);
	expect(result.error?.description).toContain(
		'Before the node stopped, 2 items were already written to the billing platform: [item 0] (cid 1001), ' +
			'[item 1] (cid 1002).',
	);
	// Nothing is sent after the failure.
	expect(writes().map((r) => r.url.split('/').pop())).toEqual(['1001', '1002', '999999']);
});

test('a refused key under Continue (using error output): one request, then every item an unsent error', async () => {
	node.sim().state.keys.delete('demo-key-0001');
	const result = await node.run(update, {
		input: [1001, 1002, 1003, 1004].map((cid) => ({ cid: String(cid), mobile: '0400000009' })),
		continueOnFail: true,
		credential: { maxConcurrency: 1 },
	});
	expect(node.sim().requests).toHaveLength(1);
	const items = jsonOf(result) as IDataObject[];
	expect(items).toHaveLength(4);
	for (const item of items) expect(item.error).toBe('invalid key');
	expect(result.items.map((item) => item.pairedItem)).toEqual(
		[0, 1, 2, 3].map((item) => ({ item })),
	);
});
