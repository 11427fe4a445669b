import { useCampaign } from '../kits/campaign';
const { node, bulk, campaign, subject } = useCampaign();

// Found by a fresh-eyes review (issue 31): Scheduled At "empty or past: the sender's next run". A Scheduled At mapped from the input
// that comes out blank (an empty cell) is taken as empty: the campaign is queued to go out now instead of on the
// date the row named. Customer IDs refuse an expression that came out blank (audienceRule, `given`); the
// schedule does not.

test('Create with a Scheduled At expression that came out blank creates no campaign to send now', async () => {
	const result = await node.run(
		campaign('create', {
			subject: subject(),
			content: '<p>Your plan changes next month</p>',
			scheduledAt: '={{ $json.sendOn }}',
		}),
		{ input: [{ sendOn: '' }], continueOnFail: true },
	);
	const queued = bulk().campaigns.filter((c) => c.status === 'queued');
	expect({ queued: queued.length, out: result.items.map((i) => i.json) }).toMatchObject({
		queued: 0,
	});
});
