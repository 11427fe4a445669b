import { useCatalog } from '../kits/catalog';
import { jsonOf } from '../harness/nodeRunner';
const { node, state } = useCatalog();

describe('Call Rate Card', () => {
	test('Create a card with rates', async () => {
		const created = await node.run({
			resource: 'callRate',
			operation: 'create',
			cardFields: { name: 'Night Owl', billing_increment: 30, active: true },
			callTypes: {
				rate: [
					{ ctid: 2, ratepermin: 0.09, rateFields: { flagfall: 0.05, free_seconds: 3 } },
					{ ctid: 1, fixedrate: true, ratepermin: 0.15 },
				],
			},
		});
		const [{ ctgid }] = jsonOf(created);
		const card = state().rateCards.find((c) => c.ctgid === ctgid)!;
		expect(card).toMatchObject({ name: 'Night Owl', billing_increment: 30, active: 1 });
		expect(card.callTypes).toEqual([
			expect.objectContaining({
				ctid: 2,
				ratepermin: 0.09,
				flagfall: 0.05,
				free_seconds: 3,
				fixedrate: 0,
				name: 'Mobile',
			}),
			expect.objectContaining({ ctid: 1, ratepermin: 0.15, fixedrate: 1 }),
		]);
	});
});
