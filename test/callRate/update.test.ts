import { useCatalog } from '../kits/catalog';
const { node, state, sent } = useCatalog();

describe('partial updates send only what the user set', () => {
	test(
		'Call Rate Card rates take the spec’s item fields (name, call pack usage, internal code, direction),' +
			' and only those given are sent',
		async () => {
			const rateFields = {
				name: 'Mobile night',
				min_callpackusage: 0,
				max_callpackusage: 120,
				internal_code: 'MOBN',
				direction: 'outbound',
			};
			await node.run({
				resource: 'callRate',
				operation: 'update',
				ctgid: 1,
				callTypes: { rate: [{ ctid: 2, ratepermin: 0.2, rateFields }] },
			});
			expect(sent()).toEqual([
				{ ctgid: 1, callTypes: [{ ctid: 2, fixedrate: 0, ratepermin: 0.2, ...rateFields }] },
			]);
			expect(state().rateCards.find((c) => c.ctgid === 1)!.callTypes).toEqual([
				expect.objectContaining({ ctid: 2, ratepermin: 0.2, ...rateFields }),
			]);
		},
	);
});
