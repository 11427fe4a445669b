import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { clock, useClock } from '../../nodes/shared/transport/clock';
import { runNode } from '../harness/engine';
import { DEMO_KEY, jsonOf } from '../harness/nodeRunner';
import { useCustomer } from '../kits/customer';

// Transient failures are tried again where sending twice is harmless: every read, CDRs (the platform refuses
// an orig_id it holds), and any request that never reached the platform. Other writes are not.
const { node, customer } = useCustomer();
const sim = () => node.sim();
const sent = (path: string) => sim().requests.filter((r) => r.url.includes(path)).length;
const balance = customer('getBalance', { cid: '1001' });
const cdr = (id: string) => ({
	orig_id: id,
	startdate: '2026-11-20 10:00:00',
	callerid: '0390001111',
	direction: 'outbound',
	destination: '0290002222',
	duration: 65,
	billsec: 60,
});
const callRecord = (parameters: IDataObject, input: IDataObject[]) =>
	runNode({
		nodeType: new TelcoBillingCallRecord(),
		parameters: { dataMode: 'autoMap', ...parameters },
		input,
		credentials: { baseUrl: sim().url, apiKey: DEMO_KEY },
	});

describe('reads', () => {
	test.each(['http503', 'http429', 'reset', 'drop'] as const)(
		'%s once: asked again, the answer as if nothing happened',
		async (fault) => {
			sim().faults.push(fault);
			const result = await node.run(balance);
			expect(result.error).toBeUndefined();
			expect(jsonOf(result)).toEqual([expect.objectContaining({ cid: 1001 })]);
			expect(sent('/customer/balance/1001')).toBe(2);
		},
	);

	test('a 429 is tried again no sooner than its Retry-After says', async () => {
		sim().modes.retryAfter = 1;
		sim().faults.push('http429');
		const started = clock().now();
		const result = await node.run(balance);
		expect(result.error).toBeUndefined();
		expect(clock().now() - started).toBeGreaterThanOrEqual(1000);
	});

	test('a failure that lasts: tried 5 times, then the error says so', async () => {
		sim().faults.push(...Array.from({ length: 5 }, () => 'http503' as const));
		const result = await node.run(balance);
		expect(result.error?.message).toMatch(
			/^HTTP 503 from the billing platform.*\(tried 5 times over \d+ s\)$/,
		);
		expect(sent('/customer/balance/1001')).toBe(5);
	});

	test('the tries are spaced by the backoff: each wait at least half its doubling step', async () => {
		sim().faults.push(...Array.from({ length: 5 }, () => 'http503' as const));
		// The waits the package asks its clock for, not arrival times: those also hold the event loop's lag,
		// which the suite's fast clock magnifies a hundredfold.
		const waits: number[] = [];
		const suite = clock();
		useClock({
			now: () => suite.now(),
			sleep: async (ms) => {
				waits.push(ms);
				await suite.sleep(ms);
			},
		});
		try {
			await node.run(balance);
		} finally {
			useClock(suite);
		}
		expect(sent('/customer/balance/1001')).toBe(5);
		expect(waits).toHaveLength(4);
		waits.forEach((ms, i) => {
			const step = Math.min(5_000, 250 * 2 ** i);
			expect(ms).toBeGreaterThanOrEqual(step / 2);
			expect(ms).toBeLessThanOrEqual(step);
		});
	});

	test('an error that does not pass (HTTP 500, a refusal) is reported at once', async () => {
		sim().faults.push('http500');
		expect((await node.run(balance)).error?.message).toMatch(/^HTTP 500/);
		expect(sent('/customer/balance/1001')).toBe(1);
	});
});

describe('writes', () => {
	const create = customer('create', {
		customerFields: { company: 'Once Only Pty', email: 'once@example.com' },
	});
	const created = () => sim().state.customers.filter((c) => c.company === 'Once Only Pty');

	test.each(['http503', 'failAfterWrite', 'reset'] as const)(
		'%s to Create: not sent again, the error says it may have been applied',
		async (fault) => {
			sim().faults.push(fault);
			const result = await node.run(create);
			expect(result.error?.description).toMatch(/may or may not have been carried out/);
			expect(sent('/customer/add')).toBe(1);
			expect(created().length).toBeLessThanOrEqual(1);
		},
	);

	test('a throttled write (429: the platform did not process it) is sent again after Retry-After, and made once', async () => {
		sim().faults.push('http429');
		const result = await node.run(create);
		expect(result.error).toBeUndefined();
		expect(sent('/customer/add')).toBe(2);
		expect(created()).toHaveLength(1);
	});

	test('a refused connection never reached the platform: Create is sent again and creates one customer', async () => {
		sim().outage(700, 'refuse');
		const result = await node.run(create);
		expect(result.error).toBeUndefined();
		expect(created()).toHaveLength(1);
	});
});

describe('call records: sent again, never stored twice', () => {
	test('Add: a 503 after the write (the outcome unknown: the spec shows no error statuses) is sent again; the held orig_id may be ours, never "stored"', async () => {
		sim().faults.push('failAfterWrite');
		const result = await callRecord({ operation: 'add' }, [cdr('lost-1')]);
		expect(result.error?.message).toMatch(/^CDR ID already exists/);
		expect(result.error?.description).toMatch(/may be the one an earlier try stored/);
		expect(sim().state.cdrs.all.filter((c) => c.orig_id === 'lost-1')).toHaveLength(1);
	});

	test('Add: an answer cut short (the route ran) is sent again; the held orig_id may be ours and is never reported as stored', async () => {
		sim().faults.push('truncated200');
		const result = await callRecord({ operation: 'add' }, [cdr('lost-2')]);
		expect(result.error?.message).toBe('CDR ID already exists');
		expect(result.error?.description).toMatch(/may be the one an earlier try stored/);
		const tolerant = await callRecord({ operation: 'add', treatDuplicateAsSuccess: true }, [
			cdr('lost-2'),
		]);
		expect(jsonOf(tolerant)).toEqual([{ success: true, duplicate: true, yourid: 'lost-2' }]);
		expect(sim().state.cdrs.all.filter((c) => c.orig_id === 'lost-2')).toHaveLength(1);
	});

	test('Add Many: a batch whose answer was cut short is sent again; its rows are held once, reported as maybe stored by that try', async () => {
		sim().faults.push('truncated200');
		const result = await callRecord({ operation: 'addMany', treatDuplicateAsSuccess: true }, [
			cdr('tr-1'),
			cdr('tr-2'),
			cdr('tr-3'),
		]);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual(
			['tr-1', 'tr-2', 'tr-3'].map((yourid) => ({
				success: true,
				duplicate: true,
				yourid,
				maybeStoredByEarlierTry: true,
			})),
		);
		expect(sim().state.cdrs.all.filter((c) => String(c.orig_id).startsWith('tr-'))).toHaveLength(3);
	});

	test('Add Many without a fault still reports a real duplicate as one', async () => {
		await callRecord({ operation: 'addMany' }, [cdr('dup-1')]);
		const again = await callRecord({ operation: 'addMany' }, [cdr('dup-1')]);
		expect(again.error?.message).toMatch(/CDR ID already exists/);
	});
});
