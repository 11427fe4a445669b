import { useReport } from '../kits/report';
import { melbourneNow } from '../simulator/melbourne';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, report } = useReport();

describe('Run', () => {
	test('Aged Receivables takes a date; rows for customers who owe, largest first when ordered', async () => {
		const result = await node.run(
			report({
				report: 'agedReceivables',
				date: `${melbourneNow().slice(0, 10)}T00:00:00`,
				reportOptions: { order_by: 'balance', order_by_direction: 'desc' },
			}),
		);
		const owing = state()
			.customers.filter((c) => c.deptid === 1 && c.balance > 0)
			.sort((a, b) => b.balance - a.balance);
		expect(jsonOf(result).map((r) => r.cid)).toEqual(owing.map((c) => c.cid));
		expect(jsonOf(result)[0]).toMatchObject({ balance: owing[0].balance });
		expect(JSON.parse(JSON.stringify(node.sim().requests)).length).toBe(1);
	});
});
