import Fastify from 'fastify';
import { TelcoBillingCatalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';

const node = useNode(new TelcoBillingCatalog());
const paths = () =>
	node.sim().requests.map((r) => `${r.method} ${r.url.replace(`/${DEMO_KEY}`, '')}`);

test('Update outputs the rate card as the platform now holds it, rates included: the answer of Get', async () => {
	const result = await node.run({
		resource: 'callRate',
		operation: 'update',
		ctgid: 1,
		callTypes: { rate: [{ ctid: 2, ratepermin: 0.2 }] },
	});
	expect(result.error).toBeUndefined();
	expect(paths()).toEqual(['POST /callRates/post', 'GET /callRates/get/1']);
	const got = await node.run({ resource: 'callRate', operation: 'get', ctgid: 1 });
	expect(jsonOf(result)).toEqual(jsonOf(got));
	expect(jsonOf(result)[0]).toMatchObject({
		ctgid: 1,
		callTypes: [expect.objectContaining({ ctid: 2, ratepermin: 0.2 })],
	});
});

describe('a platform that saves the update under another card', () => {
	// A platform that does not take ctgid (the spec's post body does not list it) answers the card it
	// saved: here a new one. The node reads back the platform's id, never the one it was given.
	const server = Fastify({ logger: false, forceCloseConnections: true });
	let url = '';
	const seen: string[] = [];
	server.addHook('onRequest', async (request) => {
		seen.push(`${request.method} ${request.url}`);
	});
	server.post('/*', async () => ({ success: true, ctgid: 7 }));
	server.get('/*', async () => ({ success: true, callRates: { ctgid: 7, name: 'New' } }));
	beforeAll(async () => {
		url = await server.listen({ port: 0, host: '127.0.0.1' });
	});
	afterAll(async () => await server.close());

	test('is a failure naming both cards, not card 1 read back as if updated', async () => {
		seen.length = 0;
		const result = await node.run(
			{ resource: 'callRate', operation: 'update', ctgid: 1, callTypes: { rate: [{ ctid: 2 }] } },
			{ baseUrl: url },
		);
		expect(result.error?.message).toBe(
			'The platform saved call rate card 7, not call rate card 1 that was asked for: it may have ' +
				'created a new one. Check both before running the update again.',
		);
		expect(seen).toEqual([`POST /${DEMO_KEY}/callRates/post`]);
	});
});
