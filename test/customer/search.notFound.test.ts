import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// Found by a fresh-eyes review (issue 31): a customer search that finds nobody may answer "no customer found" (trait searchNone:
// notFound). customerRef.ts reads that as no one, but the Customer → Search operation fails the item: "If Nothing
// Matches: found false" never gives its placeholder, so a create-or-update flow built on it (the README's)
// stops, or under Continue gets an error item where it branches on found.

test('Search for nobody on a platform that answers "no customer found" gives the found: false placeholder', async () => {
	node.sim().traits.searchNone = 'notFound';
	const result = await node.run(
		customer('search', {
			field: 'email',
			value: 'nobody@nowhere.example',
			ifNothingMatches: 'notFound',
		}),
		{ continueOnFail: true },
	);
	expect(jsonOf(result)).toEqual([
		{ found: false, field: 'email', value: 'nobody@nowhere.example' },
	]);
});
