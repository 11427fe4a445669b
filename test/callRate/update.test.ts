import { useCatalog } from '../kits/catalog';
import { nothingSentFor } from '../../nodes/shared/input/rules';
const { node, state } = useCatalog();

// The spec's callRates/post body lists name, active, billing_increment, tags,
// international_markup_percent and callTypes[]: nothing names the card a post is for, so every post
// creates a card. An Update that sent ctgid (a field the body list does not give) made a new card on a
// platform that ignores it, and the read-back noticed only after.
const REFUSAL =
	'Call Rate Card → Update is not possible through the billing platform’s API: callRates/post has no ' +
	'field that names the card to change (spec 4.3.0), so the platform would create a new card. Change ' +
	'the card in the billing platform, or use Create for a new one';

describe('Update', () => {
	test('never creates a card: it is refused before anything is sent, saying why', async () => {
		const cards = state().rateCards.map((c) => ({ ...c }));
		const result = await node.run({
			resource: 'callRate',
			operation: 'update',
			ctgid: 1,
			callTypes: { rate: [{ ctid: 2, ratepermin: 0.2 }] },
		});
		expect(result.error?.message).toBe(REFUSAL);
		expect(result.error?.description).toBe(nothingSentFor(0));
		expect(node.sim().requests).toEqual([]);
		expect(state().rateCards).toEqual(cards);
	});
});
