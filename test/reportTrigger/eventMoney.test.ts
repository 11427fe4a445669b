import type { IDataObject } from 'n8n-workflow';
import { emitted, useReportTrigger } from '../kits/reportTrigger';
import { TRAITS } from '../simulator/traits';
const { state, trigger, owe, levels } = useReportTrigger();

// Money in an event is exact decimal text with at least two decimals (docs/nodes/report-trigger.md): "110.50"
// whichever spelling the platform chose, so what a dunning letter prints does not depend on one the spec leaves
// open. Found by the review of issue 41: platforms sending numbers or bare text gave "110.5".

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
