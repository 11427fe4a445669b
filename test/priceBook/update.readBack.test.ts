import Fastify from 'fastify';
import { TelcoBillingCatalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';

const node = useNode(new TelcoBillingCatalog());
const paths = () =>
	node.sim().requests.map((r) => `${r.method} ${r.url.replace(`/${DEMO_KEY}`, '')}`);

test('Update outputs the price book as the platform now holds it, items included: the answer of Get', async () => {
	const result = await node.run({
		resource: 'priceBook',
		operation: 'update',
		priceBookId: 1,
		name: 'Partner Pricing 2027',
		items: { item: [{ related_type: 'service', related_id: 3, override: 1, adjustment: 30 }] },
	});
	expect(result.error).toBeUndefined();
	expect(paths()).toEqual(['POST /priceBooks/post', 'GET /priceBooks/get/1']);
	const got = await node.run({ resource: 'priceBook', operation: 'get', priceBookId: 1 });
	expect(jsonOf(result)).toEqual(jsonOf(got));
	expect(jsonOf(result)[0]).toMatchObject({
		id: 1,
		name: 'Partner Pricing 2027',
		// Items as Get gives them: numeric strings, as the platform sends them.
		items: [expect.objectContaining({ related_type: 'service', related_id: '3', override: '1' })],
	});
});

describe('a platform that saves the update as another book', () => {
	// The spec: "id (integer; omit to create)". Should the platform answer another id, it made a new book.
	const server = Fastify({ logger: false, forceCloseConnections: true });
	let url = '';
	const seen: string[] = [];
	server.addHook('onRequest', async (request) => {
		seen.push(`${request.method} ${request.url}`);
	});
	server.post('/*', async () => ({ success: true, id: 9 }));
	server.get('/*', async () => ({ success: true, priceBook: { id: 9, name: 'New' } }));
	beforeAll(async () => {
		url = await server.listen({ port: 0, host: '127.0.0.1' });
	});
	afterAll(async () => await server.close());

	test('is a failure naming both books, not book 1 read back as if updated', async () => {
		const result = await node.run(
			{ resource: 'priceBook', operation: 'update', priceBookId: 1, name: 'Renamed' },
			{ baseUrl: url },
		);
		expect(result.error?.message).toBe(
			'The platform saved price book 9, not price book 1 that was asked for: it may have created a ' +
				'new one. Check both before running the update again.',
		);
		expect(seen).toEqual([`POST /${DEMO_KEY}/priceBooks/post`]);
	});
});
