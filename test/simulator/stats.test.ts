import { sleep } from 'n8n-workflow';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { runNode, shutdownEngine } from '../harness/engine';
import { OFF_SPEC_HEADER } from '../conformance/guard';
import { startSimulator } from './app';
import type { Simulator } from './app';
import { ON_FREE_PORTS, spawnSimulator } from './spawn';
import type { Stats } from './stats';

// What each run sent, counted by the simulator: requests by the spec's endpoint, how many it acted on and how
// many of those wrote, and the runs they came in; read at GET /__simulator/stats, printed by the CLI (npm start).

const KEY = 'demo-key-0001';
let sim: Simulator;
beforeEach(async () => {
	sim = await startSimulator();
});
afterEach(async () => await sim.close());
afterAll(async () => await shutdownEngine());

const api = (path: string, body?: unknown, key = KEY) =>
	fetch(`${sim.url}/${key}${path}`, {
		method: body === undefined ? 'GET' : 'POST',
		headers: { 'content-type': 'application/json', [OFF_SPEC_HEADER]: 'counting' },
		...(body === undefined ? {} : { body: JSON.stringify(body) }),
	});
const stats = async (query = '') =>
	(await (await fetch(`${sim.url}/__simulator/stats${query}`)).json()) as Stats & {
		success: boolean;
	};

test('requests by endpoint, what the platform acted on, and its writes', async () => {
	await api('/customer/balance/1001');
	await api('/customer/balance/1002');
	await api('/customer/update/1001', { company: 'Counted Pty' });
	await api('/services/search', [{ field: 'active_services', value: 1 }]);
	await api('/customer/balance/1001', undefined, 'not-a-key');
	sim.faults.push('http503');
	await api('/customer/update/1001', { company: 'Lost Pty' });
	await fetch(`${sim.url}/__simulator/faults`);
	const counted = await stats();
	expect(counted).toMatchObject({ success: true, requests: 6, handled: 4, writes: 1, faults: 1 });
	expect(counted.byEndpoint).toEqual({
		'GET /customer/balance/{cid}': { requests: 3, handled: 2, writes: 0 },
		'POST /customer/update/{cid}': { requests: 2, handled: 1, writes: 1 },
		'POST /services/search': { requests: 1, handled: 1, writes: 0 },
	});
});

test('a node run, counted as it reached the platform', async () => {
	const result = await runNode({
		nodeType: new TelcoBillingCustomer(),
		parameters: {
			resource: 'customer',
			operation: 'update',
			cid: { __rl: true, mode: 'id', value: '={{ $json.cid }}' },
			updateFields: { company: '={{ $json.company }}' },
		},
		input: [
			{ cid: '1001', company: 'First Pty' },
			{ cid: '1002', company: 'Second Pty' },
		],
		credentials: { baseUrl: sim.url, apiKey: KEY },
	});
	expect(result.error).toBeUndefined();
	// A quiet gap no loaded machine makes inside one run: the suite's clock runs a hundred times faster than the
	// wall's, so the default 2 s is 20 ms between two requests of a run.
	const counted = await stats('?quiet=600000');
	expect(counted.requests).toBe(sim.requests.length);
	expect(counted.writes).toBe(2);
	expect(counted.byEndpoint['POST /customer/update/{cid}']).toEqual({
		requests: 2,
		handled: 2,
		writes: 2,
	});
	expect(counted.runs).toHaveLength(1);
	expect(counted.runs[0]).toMatchObject({ requests: sim.requests.length, writes: 2 });
});

test('runs are told apart by a quiet gap, and a reset starts counting anew', async () => {
	for (const cid of [1001, 1002, 1003]) await api(`/customer/balance/${cid}`);
	// A second on the suite's clock (a hundred times faster than the wall's) between the runs.
	await sleep(50);
	await api('/customer/update/1001', { company: 'Later Pty' });
	await api('/customer/balance/1001');
	const counted = await stats('?quiet=2000');
	expect(counted.runs.map(({ requests, writes }) => [requests, writes])).toEqual([
		[3, 0],
		[2, 1],
	]);
	expect((await stats('?quiet=600000')).runs).toHaveLength(1);
	expect((await fetch(`${sim.url}/__simulator/stats?quiet=soon`)).status).toBe(400);
	await fetch(`${sim.url}/__simulator/stats/reset`, { method: 'POST' });
	expect(await stats()).toMatchObject({ requests: 0, writes: 0, byEndpoint: {}, runs: [] });
	await api('/customer/balance/1001');
	expect(await stats()).toMatchObject({ requests: 1, handled: 1, writes: 0 });
});

test('GET /__simulator/faults tells faults served from requests answered', async () => {
	await api('/customer/balance/1001');
	await api('/customer/balance/1001');
	sim.faults.push('http503');
	await api('/customer/balance/1001');
	const faults = (await (await fetch(`${sim.url}/__simulator/faults`)).json()) as Record<
		string,
		unknown
	>;
	expect(faults).toMatchObject({ faultsServed: 1, requests: 3 });
	expect(faults).not.toHaveProperty('served');
});

test('npm start’s simulator prints each run when it ends, with where to read it by endpoint', async () => {
	const started = await spawnSimulator([...ON_FREE_PORTS, '--run-quiet', '300']);
	try {
		for (const cid of [1001, 1002]) await fetch(`${started.url}/${KEY}/customer/balance/${cid}`);
		const line = new RegExp(
			`Simulator: a run of 2 requests over [\\d.]+ s: 2 acted on, 0 writes; by endpoint: GET ${started.url}/__simulator/stats`,
		);
		for (let waited = 0; waited < 5000 && !line.test(started.output()); waited += 100)
			await sleep(100);
		expect(started.output()).toMatch(line);
		expect(started.output()).toContain(`Requests: GET ${started.url}/__simulator/stats`);
	} finally {
		const stopped = new Promise<void>((resolve) => started.child.once('exit', resolve));
		started.child.kill();
		await stopped;
	}
});
