import { useCampaign } from '../kits/campaign';
import { melbourneWallTime } from '../../nodes/shared/input/melbourne';
import { jsonOf } from '../harness/nodeRunner';
const { node, bulk, campaign, eligible, rows, subject } = useCampaign();

describe('Create with the recipient-count guard', () => {
	test('Automatic: checks the filter fields, counts with a preview, then creates for exactly that count', async () => {
		const result = await node.run(
			campaign('create', {
				subject: 'Network upgrade',
				content: 'Hi {{name}}',
				filters: rows({ field: 'billinggroup', option: 'Wholesale' }),
			}),
		);
		const expected = eligible().filter((c) => c.billinggroup === 'Wholesale');
		expect(jsonOf(result)).toEqual([
			{
				success: true,
				description: 'Campaign created',
				id: expect.any(Number),
				status: 'queued',
				recipient_count: expected.length,
				scheduled_at: null,
				confirmed_count: expected.length,
			},
		]);
		expect(node.sim().requests.map((r) => r.url.replace(/^\/[^/]+/, ''))).toEqual([
			'/customer/bulk-email/filters',
			'/customer/bulk-email/preview',
			'/customer/bulk-email',
		]);
		expect(bulk().campaigns[0].recipients.map((r) => r.cid)).toEqual(expected.map((c) => c.cid));
	});

	test('Automatic: an audience that changes between preview and create is refused and nothing is created', async () => {
		bulk().onPreview = () => {
			eligible()[0].active = false;
		};
		const result = await node.run(campaign('create', { subject: subject(), content: 'x' }));
		expect(result.error?.message).toMatch(/\[recipient_count_changed\]$/);
		expect(bulk().campaigns).toEqual([]);
	});

	test('Manual: the stated count must be the audience’s', async () => {
		const count = eligible().filter((c) => c.billinggroup === 'Retail').length;
		const wrong = await node.run(
			campaign('create', {
				subject: subject(),
				content: 'x',
				filters: rows({ field: 'billinggroup', option: 'Retail' }),
				guard: 'manual',
				expectedCount: count + 1,
			}),
			{ continueOnFail: true },
		);
		expect(jsonOf(wrong)[0]).toMatchObject({ error_code: 'recipient_count_changed' });
		const right = await node.run(
			campaign('create', {
				subject: subject(),
				content: 'x',
				filters: rows({ field: 'billinggroup', option: 'Retail' }),
				guard: 'manual',
				expectedCount: count,
			}),
		);
		expect(jsonOf(right)[0]).toMatchObject({ recipient_count: count, confirmed_count: count });
		expect(node.sim().requests.filter((r) => r.url.endsWith('/preview'))).toEqual([]);
	});
});

describe('scheduling, checked before any request', () => {
	const melbourneToday = () => melbourneWallTime(new Date()).slice(0, 10);
	const daysAhead = (days: number) => {
		const date = new Date(`${melbourneToday()}T00:00:00Z`);
		date.setUTCDate(date.getUTCDate() + days);
		return date.toISOString().slice(0, 10);
	};

	test('a bare date means midnight; a future schedule makes the campaign pending', async () => {
		const day = daysAhead(10);
		const result = await node.run(
			campaign('create', { subject: subject(), content: 'x', scheduledAt: day }),
		);
		expect(jsonOf(result)[0]).toMatchObject({ status: 'pending', scheduled_at: `${day} 00:00:00` });
	});

	test('a T may replace the space; minutes without seconds are fine', async () => {
		const day = daysAhead(3);
		const result = await node.run(
			campaign('create', { subject: subject(), content: 'x', scheduledAt: `${day}T09:30` }),
		);
		expect(jsonOf(result)[0]).toMatchObject({ scheduled_at: `${day} 09:30:00` });
	});

	test('90 days ahead is accepted, 91 refused', async () => {
		expect(
			(
				await node.run(
					campaign('create', { subject: subject(), content: 'x', scheduledAt: daysAhead(90) }),
				)
			).error,
		).toBeUndefined();
		const refused = await node.run(
			campaign('create', { subject: subject(), content: 'x', scheduledAt: daysAhead(91) }),
		);
		expect(refused.error?.message).toMatch(
			/^Scheduled At \(scheduled_at\) must be at most 90 days ahead in Melbourne time/,
		);
	});

	test('30 February is refused', async () => {
		const result = await node.run(
			campaign('create', { subject: subject(), content: 'x', scheduledAt: '2027-02-30 10:00' }),
		);
		expect(result.error?.message).toBe(
			'Scheduled At (scheduled_at) must be a real date: 2027-02-30 does not exist',
		);
		expect(node.sim().requests).toEqual([]);
	});

	test.each(['tomorrow', '2027/01/05', '05-01-2027 10:00', '2027-01-05 25:00'])(
		'%s is refused',
		async (scheduledAt) => {
			const result = await node.run(
				campaign('create', { subject: subject(), content: 'x', scheduledAt }),
			);
			expect(result.error?.message).toMatch(/^Scheduled At \(scheduled_at\)/);
			expect(node.sim().requests).toEqual([]);
		},
	);

	test('the limit is Melbourne’s, whatever zone n8n runs in (the suite runs in Pacific/Honolulu)', async () => {
		expect(new Date('2027-01-01T12:00:00Z').getHours()).toBe(2);
		const result = await node.run(
			campaign('create', {
				subject: subject(),
				content: 'x',
				scheduledAt: `${daysAhead(90)} 00:00`,
			}),
		);
		expect(result.error).toBeUndefined();
	});
});
