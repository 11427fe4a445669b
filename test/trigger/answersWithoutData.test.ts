import { ALL_CAMPAIGN_EVENTS, events, summary, useTrigger } from '../kits/trigger';
const { node, bulk, audience, trigger } = useTrigger();

// Found by a fresh-eyes review: the trigger reads `body.records ?? []` and a campaign's status record as the
// whole body. A platform answering HTTP 200 `{"success":true}` without the list or record the spec shows (the
// package's own rule: such an answer says nothing of what the platform holds, a failure, never "nothing
// there") makes the trigger believe it.

/** Polls, taking a failed poll as no events: a poll that fails changes nothing, which is what is wanted. */
async function polled(poller: ReturnType<typeof trigger>): Promise<string[]> {
	return summary(await events(poller).catch(() => []));
}

test('a baseline poll whose campaign page comes back without its records does not make the next poll replay history', async () => {
	const old = bulk().create(1, 'Sent last month', 'x', audience(3), null);
	bulk().drain();
	const poller = trigger({ events: ALL_CAMPAIGN_EVENTS });
	node.sim().faults.push('bare200');
	await polled(poller);
	// The first poll that saw the campaigns must take them as history, not as new.
	expect(await polled(poller)).not.toContain(`newCampaign ${old.id} null→completed`);
	expect(await polled(poller)).toEqual([]);
});

test('a campaign in flight whose status comes back without its record emits no status change', async () => {
	const poller = trigger({ events: ALL_CAMPAIGN_EVENTS });
	const c = bulk().create(1, 'Hello', 'x', audience(25), null);
	expect(await polled(poller)).toEqual([]);
	// This poll's page and the campaign's own status both come back as a bare success.
	node.sim().faults.push('bare200', 'bare200');
	const during = await polled(poller);
	const after = await polled(poller);
	// Nothing happened to the campaign: it is still queued. No poll may say otherwise.
	expect({ during, after }).toEqual({ during: [], after: [] });
	expect(c.status).toBe('queued');
});

test('a baseline poll whose CDR status comes back without its data does not make the next poll report old imports as new', async () => {
	const poller = trigger({ events: ['cdrsImported'] });
	node.sim().faults.push('bare200');
	await polled(poller);
	// Nothing was imported since the trigger started watching.
	expect(await polled(poller)).toEqual([]);
});
