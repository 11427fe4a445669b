import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { runNode, shutdownEngine } from '../harness/engine';
import type { RunResult } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { crmContacts } from '../sandbox/crmContacts';

// The nightly sync on a bad day, as a walk with real parts met it: 2% of requests answered 503, 1% throttled
// (429, Retry-After 1 s), 1% stored and then their answers lost. Every row the platform can take ends synced or
// says what cannot be known; no customer is made twice; the re-run, given back what the first run wrote,
// writes nothing.

afterAll(async () => await shutdownEngine());

const ROWS = 300;

const sync = (knownIds: boolean) => ({
	resource: 'customer',
	operation: 'upsert',
	matchOn: 'email',
	email: '={{ $json.email }}',
	...(knownIds
		? { knownCid: '={{ $json.billing_cid ?? "" }}', lastWritten: '={{ $json.fingerprint ?? "" }}' }
		: {}),
	customerFields: {
		company: '={{ $json.company }}',
		name: '={{ $json.first_name }}',
		surname: '={{ $json.last_name }}',
		mobile: '={{ $json.mobile }}',
		phone: '={{ $json.phone }}',
		dob: '={{ $json.dob }}',
	},
});

async function run(sim: Simulator, rows: IDataObject[], knownIds: boolean): Promise<RunResult> {
	return await runNode({
		nodeType: new TelcoBillingCustomer(),
		parameters: sync(knownIds),
		input: rows,
		onError: 'continueErrorOutput',
		credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
	});
}

test('a bad day: every row synced or refused for its own data, none failing on the platform’s faults, none twice', async () => {
	const sim = await startSimulator({
		modes: { fail503Share: 0.02, fail429Share: 0.01, failAfterWriteShare: 0.01, seed: 35 },
	});
	try {
		sim.modes.retryAfter = 1;
		const rows = crmContacts()
			.slice(0, ROWS)
			.map(({ row }) => row as IDataObject);
		const first = await run(sim, rows, false);
		expect(first.error).toBeUndefined();
		const [synced, failed] = first.outputs;
		expect(synced.length + failed.length).toBe(ROWS);
		// The faults met were many, and none of them failed a row.
		expect(sim.faultLog.length).toBeGreaterThan(10);
		const faultWords =
			/HTTP (429|503)|answered|closed the connection|may or may not have been carried out/;
		const byFault = failed.filter(({ json }) => faultWords.test(String(json.error)));
		expect(byFault.map(({ json }) => json.error)).toEqual([]);
		// No email twice on the platform.
		const emails = sim.state.customers
			.filter((c) => c.deptid === 1)
			.map((c) => c.email.trim().toLowerCase())
			.filter(Boolean);
		expect(emails.length - new Set(emails).size).toBe(0);

		// The re-run, given back what the first wrote (ID and fingerprint), on a good day: nothing written.
		sim.modes.fail503Share = 0;
		sim.modes.fail429Share = 0;
		sim.modes.failAfterWriteShare = 0;
		const back = rows.map((row, index) => {
			const item = synced.find(({ pairedItem }) => (pairedItem as { item: number }).item === index);
			return item
				? { ...row, billing_cid: item.json.cid, fingerprint: item.json.fingerprint }
				: row;
		});
		const writesBefore = sim.handled.filter((r) => /customer\/(add|update)/.test(r.url)).length;
		const requestsBefore = sim.requests.length;
		const again = await run(sim, back, true);
		const [resynced] = again.outputs;
		expect(sim.handled.filter((r) => /customer\/(add|update)/.test(r.url)).length).toBe(
			writesBefore,
		);
		expect(
			resynced.filter(({ json }) => json.action !== 'unchanged').map(({ json }) => json),
		).toEqual([]);
		// Rows refused for their own data are asked of the platform again; the synced ones are not.
		expect(sim.requests.length - requestsBefore).toBeLessThanOrEqual(1.2 * ROWS);
	} finally {
		await sim.close();
	}
});
