import { useCampaign } from '../kits/campaign';
import { jsonOf } from '../harness/nodeRunner';
const { node, bulk, campaign, subject } = useCampaign();

// Issue 43, B: the audience count Create makes first is a preview, which the spec says never creates anything:
// a read. A 503 on it was not tried again (reads are), and the item said the campaign "may have been written",
// after which neither Retry On Fail nor a retried execution created it.
describe('Bulk Email Create: its audience count is a read', () => {
	const previews = () => node.sim().requests.filter((r) => r.url.endsWith('/bulk-email/preview'));

	test('a 503 on the count is tried again and the campaign is created once', async () => {
		// No filter rows, so nothing is read before the count: its first try gets the 503.
		node.sim().faults.push('http503');
		const result = await node.run(campaign('create', { subject: subject(), content: 'x' }));
		expect(result.error?.message).toBeUndefined();
		expect(jsonOf(result)).toEqual([expect.objectContaining({ success: true })]);
		expect(previews()).toHaveLength(2);
		expect(bulk().campaigns).toHaveLength(1);
	});

	test('a count that keeps failing says nothing was written, and Retry On Fail then creates the campaign', async () => {
		// Every try of the first node try's preview fails (five tries); the node's second try passes.
		node.sim().faults.push(...Array(5).fill('http503'));
		const failing = await node.run(campaign('create', { subject: subject(), content: 'x' }));
		expect(failing.error?.message).toMatch(/^HTTP 503/);
		expect(`${failing.error?.message} ${failing.error?.description}`).not.toMatch(
			/may (or may not )?have been/,
		);
		expect(bulk().campaigns).toEqual([]);
		node.sim().faults.push(...Array(5).fill('http503'));
		const retried = await node.run(campaign('create', { subject: subject(), content: 'x' }), {
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
		});
		expect(retried.error?.message).toBeUndefined();
		expect(bulk().campaigns).toHaveLength(1);
	});
});
