import type { IDataObject } from 'n8n-workflow';
import { emitted, OVERDUE, useReportTrigger } from '../kits/reportTrigger';
const { node, state, trigger, advance, age, levels, owe, pay, today } = useReportTrigger();

// Account Overdue: a customer's account enters an overdue band at or after the first band chosen, or moves to a
// later band: once. Every case through n8n's poll context against the simulator.

/** A customer of department 1 who owes nothing now. */
const settled = () => {
	const owing = levels();
	return state().customers.find((c) => c.deptid === 1 && !owing.has(c.cid) && c.active)!.cid;
};
const summary = (events: IDataObject[]) =>
	events.map((e) => `${e.cid} ${String(e.previousBand)}→${e.band}`).sort();
/** What a watcher owes between two readings of the bands: later bands at or after the first that counts. */
function owed(before: Map<number, number>, after: Map<number, number>, first = 1): string[] {
	return [...after]
		.filter(([cid, level]) => level >= first && level > (before.get(cid) ?? 0))
		.map(([cid, level]) => {
			const previous = before.get(cid) ?? 0;
			return `${cid} ${previous ? OVERDUE[previous - 1] : 'null'}→${OVERDUE[level - 1]}`;
		})
		.sort();
}

describe('Account Overdue', () => {
	test('the first poll is a baseline: accounts already overdue are not events', async () => {
		const poller = trigger({ event: 'accountOverdue' });
		expect([...levels().values()].some((level) => level > 0)).toBe(true);
		expect(await emitted(poller)).toEqual([]);
		expect(await emitted(poller)).toEqual([]);
	});

	test('a month passes: every account that moved into a later band, once, with its bands, balance and previous band', async () => {
		const poller = trigger({ event: 'accountOverdue' });
		await emitted(poller);
		const before = levels();
		advance(30);
		const events = await emitted(poller);
		expect(summary(events)).toEqual(owed(before, levels()));
		expect(events.length).toBeGreaterThan(3);
		expect(await emitted(poller)).toEqual([]);
		const [one] = events;
		expect(one).toEqual({
			event: 'accountOverdue',
			observedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
			date: today(),
			cid: expect.any(Number),
			display_name: expect.any(String),
			band: expect.stringMatching(/^overdue/),
			bandLabel: expect.stringMatching(/days overdue$/),
			previousBand: one.previousBand === null ? null : expect.stringMatching(/^overdue/),
			balance: expect.stringMatching(/^-?\d+(\.\d+)?$/),
			bands: Object.fromEntries(
				['current', ...OVERDUE].map((band) => [band, expect.stringMatching(/^-?\d+(\.\d+)?$/)]),
			),
		});
	});

	test('First Band: only accounts reaching it or a later band; the previous band says where they were', async () => {
		const cid = settled();
		const poller = trigger({ event: 'accountOverdue', firstBand: 'overdue60' });
		await emitted(poller);
		const iid = owe(cid, 110, 40);
		expect(await emitted(poller)).toEqual([]);
		state().invoices.find((i) => i.iid === iid)!.due_date = state()
			.invoices.find((i) => i.iid === iid)!
			.due_date.replace(/^(\d{4})/, (y) => String(Number(y) - 1));
		expect(summary(await emitted(poller))).toEqual([`${cid} overdue30→overdue120`]);
		expect(await emitted(poller)).toEqual([]);
	});

	test('paid, then overdue again: a new event; a part payment that moves it back, then a later band again: a new event', async () => {
		const cid = settled();
		const poller = trigger({ event: 'accountOverdue' });
		await emitted(poller);
		owe(cid, 110, 5);
		expect(summary(await emitted(poller))).toEqual([`${cid} null→overdue0`]);
		pay(cid, 110);
		expect(await emitted(poller)).toEqual([]);
		owe(cid, 55, 3);
		expect(summary(await emitted(poller))).toEqual([`${cid} null→overdue0`]);
		age(cid, 30);
		expect(summary(await emitted(poller))).toEqual([`${cid} overdue0→overdue30`]);
		// The oldest invoice paid, a newer one 2 days overdue: back to 1–29 days, no event; 30 days later, again.
		owe(cid, 15, 2);
		pay(cid, 55);
		expect(await emitted(poller)).toEqual([]);
		age(cid, 30);
		expect(summary(await emitted(poller))).toEqual([`${cid} overdue0→overdue30`]);
	});

	test('restarts: a change made while n8n was stopped arrives once; a move back that n8n never wrote down is seen again', async () => {
		const cid = settled();
		const poller = trigger({ event: 'accountOverdue' });
		await emitted(poller);
		owe(cid, 30, 40);
		poller.restart();
		expect(summary(await emitted(poller))).toEqual([`${cid} null→overdue30`]);
		poller.restart();
		expect(await emitted(poller)).toEqual([]);
		// Paid back to nothing overdue by a poll that emitted nothing (so n8n wrote nothing), then a restart.
		pay(cid, 30);
		owe(cid, 10, 2);
		expect(await emitted(poller)).toEqual([]);
		poller.restart();
		expect(await emitted(poller)).toEqual([]);
		owe(cid, 10, 45);
		expect(summary(await emitted(poller))).toEqual([`${cid} overdue0→overdue30`]);
	});

	test('overlapping polls on a slow platform deliver each move once', async () => {
		const cid = settled();
		const poller = trigger({ event: 'accountOverdue' });
		await emitted(poller);
		owe(cid, 30, 70);
		node.sim().latency.ms = 100;
		const both = await Promise.all([emitted(poller), emitted(poller)]);
		node.sim().latency.ms = 0;
		expect(summary(both.flat())).toEqual([`${cid} null→overdue60`]);
		expect(await emitted(poller)).toEqual([]);
	});

	test('a poll that fails changes nothing and says why; the next poll emits the move once', async () => {
		const cid = settled();
		const poller = trigger({ event: 'accountOverdue' });
		await emitted(poller);
		owe(cid, 30, 10);
		const before = poller.staticData;
		node.sim().faults.push('http500');
		await expect(poller.poll()).rejects.toThrow(/HTTP 500/);
		node.sim().faults.push('bare200');
		await expect(poller.poll()).rejects.toThrow(/without the data list/);
		state().reportRefusal = 'Reports are unavailable while a bill run is in progress';
		await expect(poller.poll()).rejects.toThrow(
			/Reports are unavailable while a bill run is in progress/,
		);
		state().reportRefusal = undefined;
		expect(poller.staticData).toEqual(before);
		expect(summary(await emitted(poller))).toEqual([`${cid} null→overdue0`]);
	});
});

test('on n8n’s durable scheduler (every poll a task on a new Workflow object): each move once, the baseline never', async () => {
	const cid = settled();
	const poller = trigger({ event: 'accountOverdue' });
	const durable = async () => {
		const result = await poller.durablePoll();
		return result ? result[0].map((item) => item.json) : [];
	};
	expect(await durable()).toEqual([]);
	owe(cid, 30, 40);
	expect(summary(await durable())).toEqual([`${cid} null→overdue30`]);
	expect(await durable()).toEqual([]);
	node.sim().faults.push('http500');
	await expect(poller.durablePoll()).rejects.toThrow(/HTTP 500/);
	owe(cid, 30, 70);
	expect(summary(await durable())).toEqual([`${cid} overdue30→overdue60`]);
});
