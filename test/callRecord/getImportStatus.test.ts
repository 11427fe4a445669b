import { useCallRecord } from '../kits/callRecord';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, cdr } = useCallRecord();

describe('status, prices and exports', () => {
	test('Get Import Status and Get Rating Status report the latest dates per source', async () => {
		state().cdrs.ratingMode = 'manual';
		await node.run(
			{ operation: 'addMany', dataMode: 'autoMap' },
			{
				input: [
					cdr({ startdate: '2026-11-20 11:00:00' }),
					cdr({ startdate: '2026-11-20 12:30:00' }),
				],
			},
		);
		const imported = await node.run({ operation: 'getImportStatus' });
		expect(jsonOf(imported)).toEqual([
			{ source: 'demo-switch', latest_date: '2026-11-20 12:30:00' },
		]);
		const rated = await node.run({ operation: 'getRatingStatus' });
		expect(jsonOf(rated)).toEqual([{ source: 'demo-switch', latest_date: '2026-11-01 00:00:00' }]);
		state().cdrs.rate();
		expect(jsonOf(await node.run({ operation: 'getRatingStatus' }))).toEqual([
			{ source: 'demo-switch', latest_date: '2026-11-20 12:30:00' },
		]);
	});
});
