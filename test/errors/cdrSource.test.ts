import { useCallRecord } from '../kits/callRecord';
const { node, state, cdr } = useCallRecord();

describe('a key without cdr_source', () => {
	test.each([
		[{ operation: 'add', dataMode: 'autoMap' }],
		[{ operation: 'addMany', dataMode: 'autoMap' }],
		[{ operation: 'getPrices', billedCallId: '1' }],
	])('%j is refused by the platform with a clear failure', async (parameters) => {
		const result = await node.run(parameters, { apiKey: 'demo-key-nocdr', input: [cdr()] });
		expect(result.error?.message).toBe('cdr_source is not set for this key');
		expect(state().cdrs.all).toEqual([]);
	});
});
