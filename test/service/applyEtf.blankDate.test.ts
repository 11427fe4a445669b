import { rl, useService } from '../kits/service';
const { node, service, state, target } = useService();

// Found by a fresh-eyes review (issue 31): Apply ETF's Date is an optional path segment ("empty means today"). A date mapped from the
// input that comes out blank (an empty cell, a missing column) is left out like an empty field, and the fee is
// charged as of today: another amount, on another date, than the termination the row named. Customer IDs
// (bulk email) refuse an expression that came out blank for the same reason (`given`); Apply ETF does not.

test('Apply ETF with a Date expression that came out blank charges nothing', async () => {
	const id = target().id;
	const result = await node.run(
		service('applyEtf', { serviceId: rl(id), date: '={{ $json.terminationDate }}' }),
		{ input: [{ terminationDate: '' }], continueOnFail: true },
	);
	const charged = state().serviceCharges.filter((c) => c.enid === id && c.kind === 'etf');
	expect({ charged, out: result.items.map((i) => i.json) }).toMatchObject({ charged: [] });
	// Nothing sent at all: on a day the seeded contract has ended, a fee taken as of today would be 0 and charge
	// nothing either, so the charges alone would not show the blank date sent on.
	expect(node.sim().requests.filter((r) => r.url.includes('/doETF'))).toEqual([]);
});
