import { useCallRecord } from '../kits/callRecord';
import { jsonOf } from '../harness/nodeRunner';
const { node, cdr } = useCallRecord();

describe('status, prices and exports', () => {
	test('Get Price of a billed call, and of an unknown one', async () => {
		const added = await node.run(
			{ operation: 'add', dataMode: 'autoMap' },
			{ input: [cdr({ billsec: 61 })] },
		);
		const id = String(jsonOf(added)[0].id);
		const price = await node.run({ operation: 'getPrice', billedCallId: id });
		expect(jsonOf(price)).toEqual([{ id, ratecode: 'MOB', rate_name: 'Mobile', price: 0.46 }]);
		const unknown = await node.run(
			{ operation: 'getPrice', billedCallId: '12345' },
			{ continueOnFail: true },
		);
		expect(jsonOf(unknown)).toEqual([{ error: 'no billed call found' }]);
	});
});
