import { useCustomer } from '../kits/customer';
import { DEMO_KEY, jsonOf } from '../harness/nodeRunner';
import { retryExecution, runNode } from '../harness/engine';
import { clock } from '../../nodes/shared/transport/clock';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
const { node, customer } = useCustomer();

// A bad day: a write whose answer is lost. Create or Update looks before it writes, so where a payment must stop
// and say its outcome is unknown, a Create or Update row looks again and finishes: an update is sent again (it
// sets the same values), a create is found by its email or, found by nobody, sent again. No customer twice.

const sim = () => node.sim();
const upsert = customer('upsert', {
	email: 'lost.answer@example.com',
	customerFields: {
		company: 'Lost Answer Pty Ltd',
		name: 'Lou',
		surname: 'Ng',
		mobile: '0400111000',
	},
});
/** How many requests a first-time row makes before its create: a fault queued after them meets the create. */
async function beforeTheCreate(): Promise<string[]> {
	const probe = customer('upsert', {
		email: 'probe.row@example.com',
		customerFields: { company: 'Probe Pty Ltd', name: 'Pro', surname: 'Be' },
	});
	const start = sim().requests.length;
	await node.run(probe);
	const made = sim().requests.slice(start);
	const at = made.findIndex((request) => request.url.endsWith('/customer/add'));
	return Array.from({ length: at }, () => 'pass');
}

const holders = () =>
	sim().state.customers.filter((c) => c.email.toLowerCase() === 'lost.answer@example.com');

test.each(['failAfterWrite', 'resetAfterWrite'] as const)(
	'a create stored, its answer lost (%s): the row finds the customer it made, with its ID',
	async (fault) => {
		// The searches find nobody, then the create is stored and its answer lost.
		sim().faults.push(...((await beforeTheCreate()) as 'pass'[]), fault);
		const [item] = jsonOf(await node.run(upsert, { continueOnFail: true }));
		expect(holders()).toHaveLength(1);
		expect(item).toMatchObject({ action: 'created', cid: holders()[0].cid });
		expect(String(item.why)).toMatch(/answer was lost/);
	},
);

test('a create answered 503 before it was stored: sent again once the row looks and finds nobody, made once', async () => {
	sim().faults.push(...((await beforeTheCreate()) as 'pass'[]), 'http503');
	const [item] = jsonOf(await node.run(upsert, { continueOnFail: true }));
	expect(holders()).toHaveLength(1);
	expect(item).toMatchObject({ action: 'created', cid: holders()[0].cid });
});

test('an update whose answer was lost is sent again, setting the same values: the row is updated', async () => {
	const [first] = jsonOf(await node.run(upsert));
	const changed = customer('upsert', {
		email: 'lost.answer@example.com',
		knownCid: String(first.cid),
		lastWritten: String(first.fingerprint),
		customerFields: {
			company: 'Lost Answer Pty Ltd',
			name: 'Lou',
			surname: 'Ng',
			mobile: '0400222000',
		},
	});
	// The proof that the ID reaches the customer passes; the update is stored and its answer lost.
	sim().faults.push('pass', 'failAfterWrite');
	const [item] = jsonOf(await node.run(changed, { continueOnFail: true }));
	expect(item).toMatchObject({ action: 'updated', changed: ['mobile'] });
	expect(holders()[0].mobile).toBe('0400222000');
});

describe('a create that lands after its timeout', () => {
	const slow = customer('upsert', {
		email: 'lost.answer@example.com',
		customerFields: {
			company: 'Lost Answer Pty Ltd',
			name: 'Lou',
			surname: 'Ng',
			mobile: '0400111000',
		},
		requestOptions: { timeout: 0.2 },
	});
	// Each held create lands when the test says so (sim.landLate), never by itself meanwhile.
	beforeEach(() => {
		sim().modes.lateLandingMs = 3_600_000;
	});

	test('the row looks again, finds nobody yet and creates nothing more; once it lands, a re-run finds it: one customer', async () => {
		sim().faults.push(...((await beforeTheCreate()) as 'pass'[]), 'landsLate');
		const [item] = jsonOf(await node.run(slow, { continueOnFail: true }));
		expect(item.error).toMatch(/may still/);
		expect(item.error).toMatch(/lost\.answer@example\.com/);
		expect(holders()).toHaveLength(0);
		await sim().landLate();
		expect(holders()).toHaveLength(1);
		const [again] = jsonOf(await node.run(slow, { continueOnFail: true }));
		expect(again).toMatchObject({ action: 'unchanged', cid: holders()[0].cid });
		expect(holders()).toHaveLength(1);
	});

	test('a failed execution retried once the create would have landed: nobody with the email is proof, created once', async () => {
		sim().faults.push(...((await beforeTheCreate()) as 'pass'[]), 'landsLate');
		const options = {
			nodeType: new TelcoBillingCustomer(),
			parameters: slow,
			credentials: { baseUrl: sim().url, apiKey: DEMO_KEY },
		};
		const first = await runNode(options);
		expect(first.error?.message).toMatch(/may still/);
		// Past the time it would have landed by (a minute at least, on the package's clock): it never did.
		await clock().sleep(61_000);
		const retried = await retryExecution(options, first);
		expect(retried.error).toBeUndefined();
		expect(jsonOf(retried)[0]).toMatchObject({ action: 'created', cid: holders()[0].cid });
		expect(holders()).toHaveLength(1);
	});

	test('Retry On Fail meets the same doubt: no second create while the first may still land', async () => {
		sim().faults.push(...((await beforeTheCreate()) as 'pass'[]), 'landsLate');
		const result = await node.run(slow, { settings: { retryOnFail: true, maxTries: 3 } });
		expect(result.error?.message).toMatch(/may still/);
		await sim().landLate();
		expect(holders()).toHaveLength(1);
	});
});
