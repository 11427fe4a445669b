import { useCustomer } from '../kits/customer';
import { DEMO_KEY, OTHER_KEY, jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// Review (process-wide memory, customer.landing.ts): a create that got no answer stops every execution of this
// n8n from creating a customer with that email "until it may have landed", keyed by the Base URL and the email.
// The API key is the department (the spec: every key belongs to exactly one department, all data confined to
// it), and it is no part of the key: one department's slow create refuses another department's customer.

const sim = () => node.sim();

const row = (company: string) =>
	customer('upsert', {
		email: 'shared.person@example.com',
		customerFields: { company, name: 'Sam', surname: 'Shared', mobile: '0400111000' },
		requestOptions: { timeout: 0.2 },
	});

/** How many requests a first-time row makes before its create, under a key. */
async function beforeTheCreate(apiKey: string): Promise<'pass'[]> {
	const probe = customer('upsert', {
		email: `probe.${apiKey}@example.com`,
		customerFields: { company: `Probe ${apiKey} Pty Ltd`, name: 'Pro', surname: 'Probe' },
	});
	const start = sim().requests.length;
	await node.run(probe, { apiKey });
	const made = sim().requests.slice(start);
	return Array.from(
		{ length: made.findIndex((r) => r.url.endsWith('/customer/add')) },
		() => 'pass',
	);
}

test('another department’s create of the same email is not refused while the first department’s may still land', async () => {
	sim().modes.lateLandingMs = 3_600_000;
	sim().faults.push(...(await beforeTheCreate(DEMO_KEY)), 'landsLate');
	const [held] = jsonOf(await node.run(row('Demo Side Pty Ltd'), { continueOnFail: true }));
	expect(held.error).toMatch(/may still/);
	// The other department (its own key, the same platform) syncs a person with that address.
	const [other] = jsonOf(
		await node.run(row('Other Side Pty Ltd'), { apiKey: OTHER_KEY, continueOnFail: true }),
	);
	expect(other).toMatchObject({ action: 'created' });
	await sim().landLate();
});
