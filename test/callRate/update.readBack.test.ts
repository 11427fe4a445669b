import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
	let server: Server;
	let url = '';
	const seen: string[] = [];
	beforeAll(async () => {
		server = createServer((request, response) => {
			seen.push(`${request.method} ${request.url}`);
			response.setHeader('content-type', 'application/json');
			if (request.method === 'POST') response.end(JSON.stringify({ success: true, ctgid: 7 }));
			else response.end(JSON.stringify({ success: true, callRates: { ctgid: 7, name: 'New' } }));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(async () => await new Promise((resolve) => server.close(resolve)));

	test('is a failure naming both cards, not card 1 read back as if updated', async () => {
		seen.length = 0;
		const result = await node.run(
			{ resource: 'callRate', operation: 'update', ctgid: 1, callTypes: { rate: [{ ctid: 2 }] } },
			{ baseUrl: url },
		);
		expect(result.error?.message).toBe(
			'The platform saved call rate card 7, not card 1 that was asked for: it may have created a new ' +
				'card. Check both cards before running the update again.',
		);
		expect(seen).toEqual([`POST /${DEMO_KEY}/callRates/post`]);
	});
});
