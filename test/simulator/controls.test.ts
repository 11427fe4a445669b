import { startSimulator } from './app';
import type { Simulator } from './app';
import { defaultModes } from './faults';
import { defaultTraits } from './traits';

/*
 * The sandbox's controls refuse what they would ignore: a body with a key a control does not read, or without
 * any it needs, answers 400 naming the keys it takes, and changes nothing. A traits body without its `traits`
 * key once answered success and changed nothing; so did a modes body with a misspelt share.
 */

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator();
});
beforeEach(async () => await sim.renew());
afterAll(async () => await sim.close());

async function post(path: string, body?: unknown, raw?: string) {
	const answer = await fetch(`${sim.url}${path}`, {
		method: 'POST',
		headers: body === undefined && raw === undefined ? {} : { 'content-type': 'application/json' },
		body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
	});
	return { status: answer.status, json: (await answer.json()) as { description?: string } };
}

const POSTS = () => sim.controls.filter(({ method }) => method === 'POST').map(({ path }) => path);

test('the controls are found', () => {
	expect(POSTS()).toEqual(
		expect.arrayContaining(['/__simulator/traits', '/__simulator/faults', '/__simulator/fault']),
	);
});

test('every POST control refuses a key it does not read, naming the keys it takes, and changes nothing', async () => {
	const before = JSON.stringify([sim.traits, sim.modes, sim.faults, [...sim.extras], sim.latency]);
	for (const path of POSTS()) {
		const answer = await post(path, { nonsense: 1 });
		expect({ path, ...answer }).toEqual({
			path,
			status: 400,
			json: {
				success: false,
				description: expect.stringMatching(
					new RegExp(`^POST ${path} takes .*; it does not read nonsense$`),
				),
			},
		});
	}
	expect(JSON.stringify([sim.traits, sim.modes, sim.faults, [...sim.extras], sim.latency])).toBe(
		before,
	);
});

test('a body that is not JSON, or not an object, is refused', async () => {
	expect(await post('/__simulator/faults', undefined, '{"off": tr')).toEqual({
		status: 400,
		json: expect.objectContaining({ description: expect.stringMatching(/the body is not JSON$/) }),
	});
	expect((await post('/__simulator/traits', ['searchCase'])).status).toBe(400);
});

describe('POST /__simulator/traits', () => {
	test('the traits given at the top level, without the traits key: refused, naming traits and defaults', async () => {
		const answer = await post('/__simulator/traits', { searchCase: 'compared' });
		expect(answer).toEqual({
			status: 400,
			json: {
				success: false,
				description:
					'POST /__simulator/traits takes a JSON object with one or more of: traits, defaults; it does not read searchCase',
			},
		});
		expect(sim.traits).toEqual(defaultTraits());
	});

	test('a body naming no trait (no body, {}, an empty traits) is refused', async () => {
		for (const body of [undefined, {}, { traits: {} }, { traits: {}, defaults: false }]) {
			const answer = await post('/__simulator/traits', body);
			expect(answer.status).toBe(400);
			expect(answer.json.description).toMatch(/traits/);
		}
	});

	test('what it can apply, it applies', async () => {
		expect((await post('/__simulator/traits', { traits: { searchCase: 'compared' } })).status).toBe(
			200,
		);
		expect(sim.traits.searchCase).toBe('compared');
		expect((await post('/__simulator/traits', { defaults: true })).status).toBe(200);
		expect(sim.traits).toEqual(defaultTraits());
	});
});

describe('POST /__simulator/faults and /__simulator/fault', () => {
	test('a misspelt mode, an empty body or an unknown outage key is refused, naming the keys', async () => {
		const misspelt = await post('/__simulator/faults', { fail503: 0.5 });
		expect(misspelt.status).toBe(400);
		expect(misspelt.json.description).toBe(
			'POST /__simulator/faults takes a JSON object with one or more of: fail503Share, fail429Share, ' +
				'resetShare, failAfterWriteShare, retryAfter, seed, latency, outage, lateLandingMs, off; ' +
				'it does not read fail503',
		);
		expect((await post('/__simulator/faults', {})).status).toBe(400);
		const outage = await post('/__simulator/faults', { outage: { seconds: 30 } });
		expect(outage).toEqual({
			status: 400,
			json: { success: false, description: 'outage takes ms, mode; it does not read seconds' },
		});
		expect(sim.modes).toEqual(defaultModes());
	});

	test('a one-shot fault body with Retry-After alone, or both a fault and an error code, is refused whole', async () => {
		const alone = await post('/__simulator/fault', { retry_after: 7 });
		expect(alone.status).toBe(400);
		expect(alone.json.description).toMatch(/^give one of error_code .*POST \/__simulator\/faults/);
		const both = await post('/__simulator/fault', { fault: 'http500', error_code: 'declined' });
		expect(both.status).toBe(400);
		expect(sim.modes.retryAfter).toBe(defaultModes().retryAfter);
		expect(sim.faults).toEqual([]);
	});

	test('what it can apply, it applies', async () => {
		expect((await post('/__simulator/fault', { fault: 'http429', retry_after: 7 })).status).toBe(
			200,
		);
		expect(sim.faults).toEqual(['http429']);
		expect(sim.modes.retryAfter).toBe(7);
		expect((await post('/__simulator/faults', { fail503Share: 0.5 })).status).toBe(200);
		expect(sim.modes.fail503Share).toBe(0.5);
	});
});

test('a control that takes no body takes none, or an empty one', async () => {
	expect((await post('/__simulator/cdrs/reset')).status).toBe(200);
	expect((await post('/__simulator/cdrs/reset', {})).status).toBe(200);
	expect(await post('/__simulator/cdrs/reset', { source: 'demo-switch' })).toEqual({
		status: 400,
		json: {
			success: false,
			description: 'POST /__simulator/cdrs/reset takes no body; it does not read source',
		},
	});
});
