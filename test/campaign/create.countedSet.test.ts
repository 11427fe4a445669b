import { useCampaign } from '../kits/campaign';
import { jsonOf } from '../harness/nodeRunner';
const { node, bulk, campaign, eligible, subject } = useCampaign();

// Issue 43, B: the guard compared counts, not people. One customer leaving the audience and another joining
// between the count and the create kept the count, and the newcomer, never counted, was mailed. A campaign mails
// the audience that was counted, or nothing.
describe('Bulk Email Create (Automatic): what was counted is what is mailed', () => {
	test('one customer out and another in between the count and the create: nothing is created, and the item says why', async () => {
		const [leaver, joiner] = eligible();
		const email = joiner.email;
		// Not in the audience when it is counted: no valid email yet.
		joiner.email = 'not yet known';
		bulk().onPreview = () => {
			leaver.active = false;
			joiner.email = email;
			bulk().onPreview = undefined;
		};
		const result = await node.run(campaign('create', { subject: subject(), content: 'x' }), {
			continueOnFail: true,
		});
		expect(bulk().campaigns).toEqual([]);
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ error: expect.stringMatching(/recipient_count_changed/) }),
		]);
	});

	test('the campaign is created for exactly the customers counted, named by their IDs', async () => {
		const result = await node.run(campaign('create', { subject: subject(), content: 'x' }));
		expect(result.error?.message).toBeUndefined();
		const counted = eligible().map((c) => c.cid);
		expect(bulk().campaigns[0].recipients.map((r) => r.cid)).toEqual(counted);
		const [create] = node.sim().requests.filter((r) => /\/bulk-email$/.test(r.url));
		expect((create.body as { customer_ids?: number[] }).customer_ids).toEqual(counted);
		expect(jsonOf(result)[0]).toMatchObject({ confirmed_count: counted.length });
	});
});
