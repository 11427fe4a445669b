import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
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
