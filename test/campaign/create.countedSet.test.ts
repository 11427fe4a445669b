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
		// The platform's words: of those counted, one is no longer selected, so the count it resolves differs.
		expect(jsonOf(result)).toEqual([
			{
				error_code: 'recipient_count_changed',
				error: expect.stringMatching(/differs .* nothing was created$/),
			},
		]);
		const [create] = node.sim().requests.filter((r) => /\/bulk-email$/.test(r.url));
		expect((create.body as { customer_ids: number[] }).customer_ids).not.toContain(joiner.cid);
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

describe('Bulk Email Create (Automatic): an audience of more than the 1,000 a preview lists', () => {
	/** 1,150 more eligible customers of the department: the audience no one preview lists whole. */
	function growAudience() {
		const [model] = eligible();
		const top = Math.max(...node.sim().state.customers.map((c) => c.cid));
		for (let k = 1; k <= 1150; k++)
			node.sim().state.customers.push({
				...model,
				cid: top + k,
				account_id: `ACC-BIG-${k}`,
				crm_id: `CRM-BIG-${k}`,
				email: `big.${k}@example.net`,
			});
	}
	const previews = () => node.sim().requests.filter((r) => r.url.endsWith('/bulk-email/preview'));

	test('listed by parts and created for exactly the customers listed', async () => {
		growAudience();
		const counted = eligible().map((c) => c.cid);
		expect(counted.length).toBeGreaterThan(1000);
		const result = await node.run(campaign('create', { subject: subject(), content: 'x' }));
		expect(result.error?.message).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({
			recipient_count: counted.length,
			confirmed_count: counted.length,
		});
		expect(
			bulk()
				.campaigns[0].recipients.map((r) => r.cid)
				.sort(),
		).toEqual([...counted].sort());
		// The count, then every active customer, then the audience by parts of at most 1,000.
		expect(node.sim().requests.some((r) => r.url.endsWith('/customer/getAll'))).toBe(true);
		expect(previews().length).toBe(
			1 +
				Math.ceil(
					node.sim().state.customers.filter((c) => c.deptid === 1 && c.active).length / 1000,
				),
		);
		const [create] = node.sim().requests.filter((r) => /\/bulk-email$/.test(r.url));
		expect((create.body as { customer_ids: number[] }).customer_ids.length).toBe(counted.length);
	});

	test('one customer leaving while it is listed: nothing is created, and the item says who could not be known', async () => {
		growAudience();
		let seen = 0;
		bulk().onPreview = () => {
			// After the count, before the parts are listed.
			if (++seen === 1) eligible()[0].active = false;
		};
		const result = await node.run(campaign('create', { subject: subject(), content: 'x' }), {
			continueOnFail: true,
		});
		expect(bulk().campaigns).toEqual([]);
		expect(jsonOf(result)).toEqual([
			{
				error: expect.stringMatching(
					/^The audience was counted at \d+ but \d+ recipients were listed/,
				),
			},
		]);
		expect(node.sim().requests.filter((r) => /\/bulk-email$/.test(r.url))).toEqual([]);
	});
});
