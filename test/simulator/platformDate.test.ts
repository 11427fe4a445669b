import { startSimulator } from './app';

// The platform keeps Melbourne's calendar (the spec's dates are its wall clock): a record made in the
// evening, UTC, of 25 November is made on 26 November there. The simulator runs wherever CI does (UTC).
const EVENING_UTC = new Date('2026-11-25T20:30:00Z');

test('a record the simulator dates today gets Melbourne’s date, not the date in UTC', async () => {
	jest.useFakeTimers({
		now: EVENING_UTC,
		doNotFake: [
			'setTimeout',
			'setInterval',
			'setImmediate',
			'nextTick',
			'queueMicrotask',
			'clearTimeout',
			'clearInterval',
			'clearImmediate',
			'performance',
			'hrtime',
		],
	});
	const sim = await startSimulator();
	try {
		const added = await fetch(`${sim.url}/demo-key-0001/leads/add`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ first_name: 'Dana', last_name: 'Lee' }),
		}).then((r) => r.json() as Promise<{ id: string }>);
		const lead = sim.state.leads.find((l) => String(l.lid) === added.id);
		expect(lead?.date_created).toBe('2026-11-26 00:00:00');
	} finally {
		jest.useRealTimers();
		await sim.close();
	}
});
