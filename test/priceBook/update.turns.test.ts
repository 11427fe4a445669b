import { useCatalog } from '../kits/catalog';
const { node, state } = useCatalog();

// Price Book Update names its book in the body (priceBooks/post), not the path: its write key is the
// book, so items renaming one book take turns in input order (nodes/shared/transport/turns.ts).
test('Price Book Update: items updating one book run one after another, in input order; the last name stands', async () => {
	node.sim().latency.ms = 30;
	const names = ['Partner A', 'Partner B', 'Partner C', 'Partner D'];
	const result = await node.run(
		{ resource: 'priceBook', operation: 'update', priceBookId: 1, name: '={{ $json.name }}' },
		{ input: names.map((name) => ({ name })), credential: { maxConcurrency: 10 } },
	);
	expect(result.error).toBeUndefined();
	// One at a time: applied in whatever order the platform finishes them, the last name would be a race.
	expect(node.sim().concurrency.most).toBe(1);
	const posts = node.sim().requests.filter((r) => r.url.endsWith('/priceBooks/post'));
	expect(posts.map((r) => (r.body as { name: string }).name)).toEqual(names);
	expect(state().priceBooks.find((b) => b.id === 1)!.name).toBe('Partner D');
});
