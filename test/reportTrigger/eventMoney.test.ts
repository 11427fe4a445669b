import type { IDataObject } from 'n8n-workflow';
import { emitted, useReportTrigger } from '../kits/reportTrigger';
import { TRAITS } from '../simulator/traits';
const { state, trigger, owe, levels } = useReportTrigger();

// Review of issue 41: docs/nodes/report-trigger.md says "Money in an event is exact decimal text ...: "1234.50"
// whether the platform sent 1234.5, "1,234.50" or "1234.50"". The reader keeps the platform's own digits, so the
// same balance is "110.50" from one legal platform and "110.5" from another (reportAmounts numbers, bare): what a
// dunning letter prints depends on a spelling the spec leaves open.

const settled = () => {
	const owing = levels();
	return state().customers.find((c) => c.deptid === 1 && !owing.has(c.cid) && c.active)!.cid;
};

const READABLE = ['plain', 'numbers', 'bare', 'grouped', 'padded'] as const;

test.each(READABLE)(
	'reportAmounts %s: an Account Overdue balance of 110.50 is "110.50"',
	async (spelling) => {
		expect(TRAITS.reportAmounts).toContain(spelling);
		state().traits.reportAmounts = spelling;
		const cid = settled();
		const poller = trigger({ event: 'accountOverdue' });
		await emitted(poller);
		owe(cid, 110.5, 5);
		const [event] = await emitted(poller);
		expect(event.cid).toBe(cid);
		expect([event.balance, (event.bands as IDataObject).overdue0]).toEqual(['110.50', '110.50']);
	},
);
