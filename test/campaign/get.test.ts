import { useCampaign } from '../kits/campaign';
import type { IDataObject } from 'n8n-workflow';
import { jsonOf } from '../harness/nodeRunner';
const { node, bulk, campaign, eligible, rows } = useCampaign();

describe('one campaign from create to completed', () => {
	test('statuses move queued → sending → completed with exact counts; the outbox holds each message', async () => {
		const audience = eligible().filter((c) => c.billingcycle === 'monthly');
		const created = await node.run(
			campaign('create', {
				subject: 'Bill <ready> for {{name}}',
				content: '<p>Hi {{name}}, {{unknown}}</p>',
				filters: rows({ field: 'billingcycle', option: 'monthly' }),
			}),
		);
		const id = String(jsonOf(created)[0].id);
		const status = async () => jsonOf(await node.run(campaign('get', { campaignId: id })))[0];
		expect(await status()).toMatchObject({
			status: 'queued',
			counts: {
				recipients: audience.length,
				sent: 0,
				pending: audience.length,
				failed: 0,
				cancelled: 0,
			},
		});
		bulk().run();
		expect(await status()).toMatchObject({
			status: 'sending',
			counts: { pending: audience.length },
		});
		bulk().run();
		const partial = (await status()).counts as IDataObject;
		expect(partial).toMatchObject({ sent: 9, failed: 1, pending: audience.length - 10 });
		bulk().drain();
		const done = await status();
		const failed = Math.floor(audience.length / 10);
		expect(done).toMatchObject({
			status: 'completed',
			counts: {
				recipients: audience.length,
				sent: audience.length - failed,
				pending: 0,
				failed,
				cancelled: 0,
			},
		});
		expect(done.ended_at).toEqual(expect.any(String));
		expect(bulk().outbox).toHaveLength(audience.length - failed);
		const first = audience[0];
		expect(bulk().outbox[0]).toMatchObject({
			to: first.email,
			subject: `Bill &lt;ready&gt; for ${first.name}`,
			content: `<p>Hi ${first.name}, {{unknown}}</p>`,
		});
	});
});

describe('Get Many and Cancel', () => {
	test('a campaign of another department is not_found, like a missing one', async () => {
		const theirs = bulk().create(
			2,
			'theirs',
			'x',
			node
				.sim()
				.state.customers.filter((c) => c.deptid === 2)
				.slice(0, 1),
			null,
		);
		const foreign = await node.run(campaign('get', { campaignId: String(theirs.id) }), {
			continueOnFail: true,
		});
		const missing = await node.run(campaign('get', { campaignId: '999999' }), {
			continueOnFail: true,
		});
		expect(jsonOf(foreign)).toEqual(jsonOf(missing));
		expect(jsonOf(foreign)).toEqual([{ error: 'Campaign not found', error_code: 'not_found' }]);
	});
});
