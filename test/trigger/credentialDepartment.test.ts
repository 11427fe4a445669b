import type { IDataObject } from 'n8n-workflow';
import { OTHER_KEY } from '../harness/nodeRunner';
import { ALL_CAMPAIGN_EVENTS, events, summary, useTrigger } from '../kits/trigger';
const { state, bulk, audience, trigger } = useTrigger();

// Review of issues 41/43: the Report Trigger tags its memory with the credential (another department's key takes
// a new baseline: "a row of one department is never compared with another's"); the Telco Billing Trigger does
// not. Its memory (campaign ids listed, campaigns in flight, CDR sources) is kept when the node's credential is
// switched to another department's key, so that department's existing campaigns and CDR feed, none of which
// changed, are emitted as New Campaign and CDRs Imported: history replayed as events.

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
