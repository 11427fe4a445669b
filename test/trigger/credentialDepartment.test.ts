import type { IDataObject } from 'n8n-workflow';
import { DEMO_KEY, OTHER_KEY } from '../harness/nodeRunner';
import { ALL_CAMPAIGN_EVENTS, events, summary, useTrigger } from '../kits/trigger';
const { state, bulk, audience, trigger, appendCdr } = useTrigger();

// The Telco Billing Trigger's memory (campaigns listed, campaigns in flight, CDR feeds) is kept with a fingerprint
// of its credential. After a change it goes on only where the new key shows what it remembers (trigger.credential.ts):
// a rotated key of the same department loses and repeats nothing; another department's key is a new baseline, so
// its existing campaigns and feeds are no events. Found by the review of issues 41/43: the memory was kept for
// another department, and its history came out as New Campaign and CDRs Imported.

test('credential switched to another department: nothing that department already had is an event', async () => {
	bulk().create(1, 'mine', 'x', audience(1), null);
	const theirs = state()
		.customers.filter((c) => c.deptid === 2 && c.active)
		.slice(0, 1);
	const existing = [
		bulk().create(2, 'theirs 1', 'x', theirs, null),
		bulk().create(2, 'theirs 2', 'x', theirs, null),
	];
	expect(existing).toHaveLength(2);
	const parameters = { events: [...ALL_CAMPAIGN_EVENTS, 'cdrsImported'] };
	const mine = trigger(parameters);
	await events(mine);
	expect(await events(mine)).toEqual([]);
	// The node's credential now holds department 2's key; n8n keeps the node's static data.
	const switched = trigger(parameters, OTHER_KEY);
	switched.restart(mine.staticData);
	const got: IDataObject[] = [...(await events(switched)), ...(await events(switched))];
	expect(summary(got)).toEqual([]);
});

/** Another key of department 1, as a rotation makes: the old one's memory is kept on the node. */
const ROTATED = 'rotated-key-0005';
const rotate = () =>
	state().keys.set(ROTATED, { ...structuredClone(state().keys.get(DEMO_KEY)!), key: ROTATED });

test('key rotated within the department: what changed between the last poll and the rotation is emitted once, nothing again', async () => {
	rotate();
	const parameters = { events: [...ALL_CAMPAIGN_EVENTS, 'cdrsImported'] };
	const running = bulk().create(1, 'running', 'x', audience(3), null);
	const before = trigger(parameters);
	await events(before);
	expect(await events(before)).toEqual([]);
	const made = bulk().create(1, 'made before the rotation', 'x', audience(1), null);
	bulk().setStatus(running, 'cancelled');
	const previous = state()
		.cdrs.sources(1)
		.find((s) => s.source === 'demo-switch')!.latestImported;
	appendCdr('2026-11-21 11:00:00');
	const after = trigger(parameters, ROTATED);
	after.restart(before.staticData);
	const got = [...(await events(after)), ...(await events(after))];
	expect(summary(got).sort()).toEqual(
		[
			`newCampaign ${made.id} null→queued`,
			`campaignStatusChanged ${running.id} queued→cancelled`,
			`campaignFinished ${running.id} queued→cancelled`,
			`cdrsImported demo-switch ${previous}→2026-11-21 11:00:00`,
		].sort(),
	);
});

test('CDR events alone, told apart by the feeds: another department’s feed is no event; a rotated key’s is', async () => {
	rotate();
	const parameters = { events: ['cdrsImported', 'cdrsRated'] };
	const mine = trigger(parameters);
	await events(mine);
	appendCdr('2026-11-21 12:00:00');
	const theirs = trigger(parameters, OTHER_KEY);
	theirs.restart(mine.staticData);
	expect(await events(theirs)).toEqual([]);
	const rotated = trigger(parameters, ROTATED);
	rotated.restart(mine.staticData);
	expect(summary(await events(rotated)).map((line) => line.split(' ')[0])).toEqual([
		'cdrsImported',
		'cdrsRated',
	]);
	expect(await events(rotated)).toEqual([]);
});
