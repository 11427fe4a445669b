import { balanceRun } from '../harness/balanceRun';
import { shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { startSimulator } from './app';
import type { Simulator } from './app';

/*
 * The simulator keeps every API request as it received it: method, path (key included), headers and body, in
 * `sim.requests` (and, for those the platform acted on, `sim.handled`). A test of a setting that changes what
 * is sent, a header as much as a path or a body, reads it there (docs/development/simulator.md).
 */

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator();
});
beforeEach(async () => await sim.renew());
afterAll(async () => {
	await sim.close();
	await shutdownEngine();
});

test('a request’s method, path, headers (names in lower case) and body are kept as received', async () => {
	await fetch(`${sim.url}/${DEMO_KEY}/customer/item/add`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'X-Telco-Probe': 'seen' },
		body: JSON.stringify({ cid: 1001, description: 'Probe', amount: 5 }),
	});
	expect(sim.requests).toEqual([
		{
			method: 'POST',
			url: `/${DEMO_KEY}/customer/item/add`,
			headers: expect.objectContaining({
				'content-type': 'application/json',
				'x-telco-probe': 'seen',
			}),
			body: { cid: 1001, description: 'Probe', amount: 5 },
		},
	]);
	// What the platform acted on is the same record, headers and all.
	expect(sim.handled).toEqual([sim.requests[0]]);
});

test('a node’s request through n8n’s engine: its headers are n8n’s, and none carries the key', async () => {
	await balanceRun({ baseUrl: sim.url, apiKey: DEMO_KEY });
	expect(sim.requests).toHaveLength(1);
	const { headers } = sim.requests[0];
	expect(headers.host).toBe(new URL(sim.url).host);
	expect(Object.keys(headers).length).toBeGreaterThan(1);
	// The key travels in the path only (the platform's way), never in a header.
	expect(JSON.stringify(headers)).not.toContain(DEMO_KEY);
});

test('renew() empties the record', async () => {
	await fetch(`${sim.url}/${DEMO_KEY}/customer/getAll`);
	expect(sim.requests).toHaveLength(1);
	await sim.renew();
	expect(sim.requests).toEqual([]);
});
