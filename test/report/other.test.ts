import { useReport } from '../kits/report';
import { jsonOf } from '../harness/nodeRunner';
const { node, report } = useReport();

describe('Run', () => {
	test('a report the platform does not know is its error, with the misspelt `succes:false` understood', async () => {
		const result = await node.run(
			report({ report: 'other', reportName: 'invoiceSummary', when: 'this month' }),
			{ continueOnFail: true },
		);
		expect(jsonOf(result)).toEqual([{ error: 'unknown report invoiceSummary' }]);
	});
});
