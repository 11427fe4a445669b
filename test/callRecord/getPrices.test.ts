import { useCallRecord } from '../kits/callRecord';
import { jsonOf } from '../harness/nodeRunner';
const { node, cdr } = useCallRecord();

describe('status, prices and exports', () => {
	test('Get Prices batches the lookups and reports unmatched ids', async () => {
		const added = await node.run(
			{ operation: 'addMany', dataMode: 'autoMap' },
			{ input: [cdr(), cdr(), cdr()] },
		);
		const ids = jsonOf(added).map((r) => String(r.id));
		const result = await node.run(
			{ operation: 'getPrices', billedCallId: '={{ $json.id }}', batchSize: 2 },
			{ input: [...ids, 'nope-1'].map((id) => ({ id })) },
		);
		expect(jsonOf(result)).toEqual([
			...ids.map((id) => ({
				id,
				ratecode: 'MOB',
				rate_name: 'Mobile',
				price: 0.28,
				matched: true,
			})),
			{ id: 'nope-1', matched: false, error: 'no billed call found' },
		]);
		expect(node.sim().requests.filter((r) => r.url.endsWith('/cdr/getMultiplePrice'))).toHaveLength(
			2,
		);
	});
});
