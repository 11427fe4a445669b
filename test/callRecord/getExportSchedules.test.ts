import { useCallRecord } from '../kits/callRecord';
import { jsonOf } from '../harness/nodeRunner';
const { node } = useCallRecord();

describe('status, prices and exports', () => {
	test('Get Export Schedules: active only, or with inactive ones (nextRun null)', async () => {
		const active = await node.run({ operation: 'getExportSchedules' });
		expect(jsonOf(active)).toHaveLength(2);
		const all = await node.run({ operation: 'getExportSchedules', includeInactive: true });
		expect(jsonOf(all)).toHaveLength(3);
		expect(jsonOf(all)[2]).toMatchObject({ cid: 1003, format: 'xlsx', nextRun: null });
	});
});
