import { sleep } from 'n8n-workflow';
import { startSimulator } from './app';
import type { Simulator } from './app';
import { countFaults } from './faults';
import { sampleCdr } from './sampleCdr';
import { OFF_SPEC_HEADER } from '../conformance/guard';
import { useRealClock } from '../harness/clock';

// The simulator's fault modes and its strict default, tried with plain fetch: each does what it says.
// The simulator's own timing (outages end on the wall clock here) is what this file checks.
useRealClock();

const KEY = 'demo-key-0001';
let sim: Simulator;

beforeEach(async () => {
	sim = await startSimulator();
});
afterEach(async () => {
	await sim.close();
});

const get = (path: string) => fetch(`${sim.url}/${KEY}${path}`);
const post = (path: string, body: unknown) =>
	fetch(`${sim.url}/${KEY}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
/** A request the spec does not allow, sent on purpose (the conformance guard lets it through). */
const offSpec = (path: string, body: unknown) =>
	fetch(`${sim.url}/${KEY}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', [OFF_SPEC_HEADER]: 'testing the refusal' },
		body: JSON.stringify(body),
	}).then((r) => r.json() as Promise<{ id?: string }>);
const control = (path: string, body: unknown) =>
	fetch(`${sim.url}/__simulator/${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});

/** A sample CDR as a client sends it: no null fields (the spec types enddate and cost without null). */
const cdrOf = (origId: string, seconds = 60) =>
	Object.fromEntries(
		Object.entries(sampleCdr(origId, '2026-11-20 10:00:00', seconds)).filter(([, v]) => v !== null),
	);

/** The code of a failed fetch's cause (ECONNRESET, ECONNREFUSED, UND_ERR_SOCKET). */
async function failureOf(request: Promise<Response>): Promise<string> {
	try {
		const response = await request;
		return `answered ${response.status}`;
	} catch (error) {
		return String(((error as Error).cause as { code?: string })?.code);
	}
}

describe('one-shot faults', () => {
	test('html200: HTTP 200 with a PHP fatal error page, nothing handled', async () => {
		sim.faults.push('html200');
		const response = await get('/customer/getAll');
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toMatch(/^text\/html/);
		expect(await response.text()).toContain('Fatal error');
		expect((await get('/customer/getAll')).status).toBe(200);
		expect(countFaults(sim.faultLog)).toEqual({ html200: 1 });
	});

	test('empty200: HTTP 200, JSON announced, empty body', async () => {
		sim.faults.push('empty200');
		const response = await get('/customer/getAll');
		expect(response.status).toBe(200);
		expect(await response.text()).toBe('');
	});

	test('bare200: HTTP 200, success and nothing else', async () => {
		sim.faults.push('bare200');
		expect(await (await get('/customer/getAll')).json()).toEqual({ success: true });
		const whole = (await (await get('/customer/getAll')).json()) as { records: unknown[] };
		expect(whole.records.length).toBeGreaterThan(0);
	});

	test('truncated200: the real answer cut in half, as JSON', async () => {
		const whole = await (await get('/customer/getAll')).text();
		sim.faults.push('truncated200');
		const response = await get('/customer/getAll');
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toMatch(/^application\/json/);
		const text = await response.text();
		expect(text).toBe(whole.slice(0, Math.floor(whole.length / 2)));
		expect(() => JSON.parse(text)).toThrow();
	});

	test('http503 and http429 (Retry-After settable, default 1)', async () => {
		sim.faults.push('http503', 'http429');
		const unavailable = await get('/customer/getAll');
		expect(unavailable.status).toBe(503);
		const limited = await get('/customer/getAll');
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toBe('1');
		await control('fault', { fault: 'http429', retry_after: 7 });
		expect((await get('/customer/getAll')).headers.get('retry-after')).toBe('7');
		expect(countFaults(sim.faultLog)).toEqual({ http503: 1, http429: 2 });
	});

	test('reset is a TCP reset; drop a plain close; both without an answer', async () => {
		sim.faults.push('reset');
		expect(await failureOf(get('/customer/getAll'))).toBe('ECONNRESET');
		sim.faults.push('drop');
		expect(await failureOf(get('/customer/getAll'))).not.toMatch(/^answered|ECONNRESET/);
		expect((await get('/customer/getAll')).status).toBe(200);
	});

	test('failAfterWrite: the CDR is stored, the answer is a 503; the retry is refused as a duplicate', async () => {
		const cdr = cdrOf('lost-answer-1', 60);
		await control('fault', { fault: 'failAfterWrite' });
		expect((await post('/cdr/add', cdr)).status).toBe(503);
		expect(sim.state.cdrs.all.filter((c) => c.orig_id === 'lost-answer-1')).toHaveLength(1);
		expect(await (await post('/cdr/add', cdr)).json()).toMatchObject({
			success: false,
			yourid: 'lost-answer-1',
			description: 'CDR ID already exists',
		});
	});

	test('failAfterWrite on a CDR batch: every row stored, and the retried batch refuses each as existing', async () => {
		const batch = [cdrOf('batch-1'), cdrOf('batch-2')];
		sim.faults.push('failAfterWrite');
		expect((await post('/cdr/multiple/add', batch)).status).toBe(503);
		expect(sim.state.cdrs.all.filter((c) => c.orig_id.startsWith('batch-'))).toHaveLength(2);
		// What a retrying client must count as its own earlier rows, accepted.
		expect(await (await post('/cdr/multiple/add', batch)).json()).toEqual([
			{ success: false, yourid: 'batch-1', description: 'CDR ID already exists' },
			{ success: false, yourid: 'batch-2', description: 'CDR ID already exists' },
		]);
	});

	test('`after: n` in the HTTP control makes the fault hit a later request', async () => {
		await control('fault', { fault: 'http503', after: 2 });
		const statuses = [];
		for (let i = 0; i < 4; i++) statuses.push((await get('/customer/getAll')).status);
		expect(statuses).toEqual([200, 200, 503, 200]);
	});
});

describe('lasting modes', () => {
	const balances = (count: number) =>
		Promise.all(
			Array.from({ length: count }, (_, i) =>
				get(`/customer/balance/${1001 + (i % 40)}`).then((r) => r.status),
			),
		);

	test('a share of 503s: the same requests are chosen on every run, and each only once', async () => {
		sim.modes.fail503Share = 0.25;
		const paths = Array.from({ length: 40 }, (_, i) => `/customer/balance/${1001 + i}`);
		const first = [];
		for (const path of paths) first.push((await get(path)).status);
		const failed = first.filter((s) => s === 503).length;
		expect(failed).toBeGreaterThan(3);
		expect(failed).toBeLessThan(20);
		expect(countFaults(sim.faultLog)).toEqual({ http503: failed });
		// The retries all pass: the faults are transient.
		for (const [i, path] of paths.entries())
			if (first[i] === 503) expect((await get(path)).status).toBe(200);

		const again = await startSimulator({ modes: { fail503Share: 0.25 } });
		try {
			const second = [];
			for (const path of paths) second.push((await fetch(`${again.url}/${KEY}${path}`)).status);
			expect(second).toEqual(first);
		} finally {
			await again.close();
		}
	});

	test('another seed chooses other requests', async () => {
		const run = async (seed: number) => {
			const s = await startSimulator({ modes: { fail503Share: 0.3, seed } });
			try {
				const out = [];
				for (let i = 0; i < 30; i++)
					out.push((await fetch(`${s.url}/${KEY}/customer/balance/${1001 + i}`)).status);
				return out;
			} finally {
				await s.close();
			}
		};
		expect(await run(1)).not.toEqual(await run(2));
	});

	test('shares of 429s (with Retry-After), resets and lost answers, set over HTTP and counted', async () => {
		const set = await control('faults', {
			fail429Share: 0.2,
			resetShare: 0.2,
			failAfterWriteShare: 0.2,
			retryAfter: 2,
		});
		expect(set.status).toBe(200);
		const outcomes: string[] = [];
		for (let i = 0; i < 40; i++) {
			try {
				const response = await post('/cdr/add', cdrOf(`share-${i}`, 30));
				outcomes.push(String(response.status));
				if (response.status === 429) expect(response.headers.get('retry-after')).toBe('2');
			} catch (error) {
				outcomes.push(String(((error as Error).cause as { code?: string })?.code));
			}
		}
		const counts = (await (await fetch(`${sim.url}/__simulator/faults`)).json()) as {
			counts: Record<string, number>;
		};
		expect(counts.counts.http429).toBe(outcomes.filter((o) => o === '429').length);
		expect(counts.counts.reset).toBe(outcomes.filter((o) => o === 'ECONNRESET').length);
		expect(counts.counts.failAfterWrite).toBe(outcomes.filter((o) => o === '503').length);
		expect(counts.counts.http429).toBeGreaterThan(0);
		expect(counts.counts.reset).toBeGreaterThan(0);
		expect(counts.counts.failAfterWrite).toBeGreaterThan(0);
		// A lost answer stored its CDR; a 429 or a reset did not.
		const stored = new Set(sim.state.cdrs.all.map((c) => c.orig_id));
		outcomes.forEach((o, i) => expect(stored.has(`share-${i}`)).toBe(o === '200' || o === '503'));

		await control('faults', { off: true });
		expect((await balances(10)).every((s) => s === 200)).toBe(true);
	});

	test('an outage answers every API request 503 until it ends', async () => {
		await control('faults', { outage: { ms: 300 } });
		expect((await get('/customer/getAll')).status).toBe(503);
		expect((await get('/customer/balance/1001')).status).toBe(503);
		await sleep(350);
		expect((await get('/customer/getAll')).status).toBe(200);
		expect(countFaults(sim.faultLog)).toEqual({ outage: 2 });
	});

	test("an outage with mode 'refuse' closes the port and opens it again on the same one", async () => {
		sim.outage(300, 'refuse');
		expect(await failureOf(get('/customer/getAll'))).toBe('ECONNREFUSED');
		await sleep(400);
		expect((await get('/customer/getAll')).status).toBe(200);
	});

	test('latency and the concurrency counter', async () => {
		sim.latency.ms = 100;
		const started = Date.now();
		await balances(8);
		expect(Date.now() - started).toBeGreaterThanOrEqual(100);
		expect(sim.concurrency.most).toBe(8);
	});

	test('the modes control refuses what it cannot do', async () => {
		const bad = await control('faults', { fail503Share: 2 });
		expect(bad.status).toBe(400);
		expect(((await bad.json()) as { description: string }).description).toBe(
			'fail503Share must be a share between 0 and 1',
		);
	});
});

type Search = { records: Array<Record<string, unknown>> };

describe('strict by default, extras by name', () => {
	test('customer search records carry no cid unless searchCid is on', async () => {
		const plain = (await (await get('/customer/search/surname/Nguyen')).json()) as Search;
		expect(plain.records.length).toBeGreaterThan(0);
		expect(plain.records[0]).not.toHaveProperty('cid');
		sim.extras.add('searchCid');
		const kind = (await (await get('/customer/search/surname/Nguyen')).json()) as Search;
		expect(kind.records[0]).toHaveProperty('cid');
	});

	test('extras set over HTTP; an unknown name is refused', async () => {
		expect((await control('extras', { extras: ['looseTypes'] })).status).toBe(200);
		expect([...sim.extras]).toEqual(['looseTypes']);
		expect((await control('extras', { extras: ['kind'] })).status).toBe(400);
		await expect(startSimulator({ extras: ['kind'] })).rejects.toThrow(
			'unknown simulator extra kind',
		);
	});

	test('a string where the spec says integer is refused, unless looseTypes is on', async () => {
		const service = {
			cid: 1001,
			servicetype: '1',
			service_num: 'N-strict-1',
			start_date: '2026-11-01',
		};
		expect(await offSpec('/services/add', service)).toEqual({
			success: false,
			description: 'servicetype must be an integer, got "1"',
		});
		expect(await offSpec('/customer/update/1001', { credit_management: '1' })).toEqual({
			result: 'false',
			reason: 'credit_management must be 0 or 1, got "1"',
			id: 0,
		});
		expect(await offSpec('/priceBooks/post', { id: null, name: 'x', items: [] })).toMatchObject({
			success: false,
			description: 'id must be an integer, got null',
		});
		sim.extras.add('looseTypes');
		expect(await offSpec('/services/add', service)).toMatchObject({ success: true });
	});

	test('a CDR with text durations is refused in its own result, unless looseTypes is on', async () => {
		const cdr = { ...cdrOf('typed-1', 60), duration: '60' };
		expect(await offSpec('/cdr/multiple/add', [cdr])).toEqual([
			{ success: false, yourid: 'typed-1', description: 'duration must be an integer' },
		]);
		sim.extras.add('looseTypes');
		expect(await offSpec('/cdr/multiple/add', [cdr])).toMatchObject([{ success: true }]);
	});

	test('contracterm (the prose spelling) is refused unless otherSpelling is on; contractterm is taken', async () => {
		const service = {
			cid: 1001,
			servicetype: 1,
			service_num: 'N-term-1',
			start_date: '2026-11-01',
		};
		expect(await offSpec('/services/add', { ...service, contracterm: '12 months' })).toEqual({
			success: false,
			description: 'contracterm is not a service field (the field is contractterm)',
		});
		const added = await offSpec('/services/add', { ...service, contractterm: '12 months' });
		expect(sim.state.services.find((s) => String(s.id) === added.id)?.contracterm).toBe(
			'12 months',
		);
		sim.extras.add('otherSpelling');
		const other = await offSpec('/services/add', { ...service, contracterm: '24 months' });
		expect(sim.state.services.find((s) => String(s.id) === other.id)?.contracterm).toBe(
			'24 months',
		);
	});
});
