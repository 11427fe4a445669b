import { startSimulator } from './app';
import type { Simulator } from './app';
import { OFF_SPEC_HEADER } from '../conformance/guard';
import { ENDPOINTS } from '../conformance/endpoints';

/*
 * Every path form of the spec source (test/spec/) has a simulator route: an endpoint added to the spec
 * fails here until the simulator answers it. Sent with a key the simulator does not know, so no route acts.
 */

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator();
});
afterAll(async () => sim.close());

test('every endpoint of the spec source has a simulator route', async () => {
	const unrouted: string[] = [];
	for (const form of ENDPOINTS) {
		const url = form.path.replace('{api_key}', 'no-such-key').replace(/\{\w+\}/g, '1');
		const answer = await fetch(`${sim.url}${url}`, {
			method: form.method,
			headers: { [OFF_SPEC_HEADER]: 'only asks whether a route exists' },
		});
		await answer.arrayBuffer();
		if (answer.status === 404) unrouted.push(`${form.method} ${form.path}`);
	}
	expect(unrouted).toEqual([]);
});
