import { useCampaign } from '../kits/campaign';
import type { IDataObject } from 'n8n-workflow';
import { melbourneWallTime } from '../../nodes/shared/melbourne';
import { jsonOf } from '../harness/nodeRunner';

const { node, bulk, campaign, eligible, rows, subject } = useCampaign();

describe('filter dropdowns', () => {
	test('fields, then the options of the select field chosen in the same row', async () => {
		const fields = (await node.options('loadOptions.getFilterFields')) as Array<{
			name: string;
			value: string;
		}>;
		expect(fields).toContainEqual({ name: 'Account state (select)', value: 'account_state' });
		const parameters = {
			resource: 'campaign',
			operation: 'preview',
			filters: rows({ field: 'suburb' }, { field: 'account_state' }),
		};
		const options = await node.options(
			'loadOptions.getFilterValues',
			parameters,
			undefined,
			'parameters.filters.rows[1].option',
		);
		expect(options).toEqual([
			{ name: 'Normal', value: '' },
			{ name: 'Suspended', value: 'Suspended' },
			{ name: 'Disconnected', value: 'Disconnected' },
		]);
		expect(
			await node.options(
				'loadOptions.getFilterValues',
				parameters,
				undefined,
				'parameters.filters.rows[0].option',
			),
			// A text field has no options: one entry says to use Value, so the editor shows no issue.
		).toEqual([{ name: 'None: Fill in Value Below', value: '' }]);
	});
});

describe('Get Filter Fields and Preview', () => {
	test('filter fields come from the platform, Account State with its blank Normal option', async () => {
		const result = await node.run(campaign('getFilters'));
		const fields = jsonOf(result);
		expect(fields.map((f) => f.key)).toEqual([
			'suburb',
			'street',
			'billinggroup',
			'account_state',
			'billingcycle',
			'business_type',
			'account_manager',
			'reseller_cid',
			'paymethod',
		]);
		expect(fields.find((f) => f.key === 'account_state')).toMatchObject({
			type: 'select',
			options: [
				{ key: '', label: 'Normal' },
				{ key: 'Suspended', label: 'Suspended' },
				{ key: 'Disconnected', label: 'Disconnected' },
			],
		});
	});

	test('no filter: every active customer with a valid email; sample and rendered preview', async () => {
		const result = await node.run(
			campaign('preview', {
				sampleLimit: 3,
				subject: 'Hi {{name}}',
				content: 'Dear {{name}} {{surname}} of {{company}}, {{nothing}}',
			}),
		);
		const [out] = jsonOf(result);
		const first = eligible()[0];
		expect(out).toMatchObject({
			success: true,
			count: eligible().length,
			sample_limit: 3,
			truncated: true,
		});
		expect(out.recipients).toHaveLength(3);
		expect(out.preview).toEqual({
			cid: first.cid,
			subject: `Hi ${first.name}`,
			content: `Dear ${first.name} ${first.surname} of ${first.company}, {{nothing}}`,
		});
	});

	test('rows combine left to right with their joins; select exact, text substring, number exact', async () => {
		const filters = rows(
			{ field: 'billinggroup', option: 'Business', join: 'AND' },
			{ field: 'suburb', value: 'roy', join: 'AND' },
			{ field: 'reseller_cid', value: '1001', join: 'OR' },
		);
		const result = await node.run(campaign('preview', { filters, sampleLimit: 1000 }));
		const expected = eligible().filter(
			(c) => (c.billinggroup === 'Business' && /roy/i.test(c.suburb)) || c.reseller_cid === 1001,
		);
		expect(jsonOf(result)[0].count).toBe(expected.length);
		expect((jsonOf(result)[0].recipients as IDataObject[]).map((r) => r.cid)).toEqual(
			expected.map((c) => c.cid),
		);
	});

	test('the platform ignores a blank value, the blank Normal option of Account State included: it would select everyone', async () => {
		const response = await fetch(`${node.sim().url}/demo-key-0001/customer/bulk-email/preview`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				filters: [{ field: 'account_state', value: '', join: 'AND' }],
				sample_limit: 0,
			}),
		});
		expect(await response.json()).toMatchObject({ count: eligible().length });
		expect(
			node
				.sim()
				.state.customers.some(
					(c) => c.deptid === 1 && c.account_state !== '' && eligible().includes(c),
				),
		).toBe(true);
	});

	test.each(['preview', 'create'])(
		'%s: Account State “Normal” is refused before any request, as it would not narrow the audience',
		async (operation) => {
			const result = await node.run(
				campaign(operation, {
					subject: 'Outage',
					content: 'x',
					filters: rows(
						{ field: 'billinggroup', option: 'Retail' },
						{ field: 'account_state', option: '', value: '' },
					),
				}),
			);
			expect(result.error?.message).toBe(
				'Filters (filters) row 2: Account State “Normal” is the blank option, and the ' +
					'platform ignores blank filter values, so it would select suspended and ' +
					'disconnected customers too. Remove the row; to leave them out, list the ' +
					'customers in Customer IDs.',
			);
			expect(node.sim().requests).toEqual([]);
			expect(bulk().campaigns).toEqual([]);
		},
	);

	test('any filter row with a blank value or no field is refused: the platform would ignore it', async () => {
		const blank = await node.run(
			campaign('create', {
				subject: 'Outage',
				content: 'x',
				filters: rows({ field: 'suburb', value: ' ' }),
			}),
		);
		expect(blank.error?.message).toBe(
			'Filters (filters) row 1: the value is blank, and the platform ignores blank ' +
				'filter values, so the row would not narrow the audience',
		);
		const noField = await node.run(
			campaign('preview', { filters: rows({ field: '', value: 'Fitzroy' }) }),
		);
		expect(noField.error?.message).toBe(
			'Filters (filters) row 1: choose a field; the platform ignores a row without a known field',
		);
		expect(node.sim().requests).toEqual([]);
	});

	test('customer IDs only narrow the filtered set', async () => {
		const business = eligible().filter((c) => c.billinggroup === 'Business');
		const retail = eligible().find((c) => c.billinggroup === 'Retail')!;
		const result = await node.run(
			campaign('preview', {
				filters: rows({ field: 'billinggroup', option: 'Business' }),
				customerIds: `${business[0].cid}, ${retail.cid}`,
			}),
		);
		expect((jsonOf(result)[0].recipients as IDataObject[]).map((r) => r.cid)).toEqual([
			business[0].cid,
		]);
	});

	test('an explicit empty customer list means nobody', async () => {
		const result = await node.run(campaign('preview', { customerIds: '={{ [] }}' }));
		expect(jsonOf(result)[0]).toMatchObject({ count: 0 });
	});

	test.each([-1, 1001, 2.5])(
		'sample size %s is refused before any request',
		async (sampleLimit) => {
			const result = await node.run(campaign('preview', { sampleLimit }));
			expect(result.error?.message).toMatch(/^Sample Size \(sample(Limit|_limit)\) must be/);
			expect(node.sim().requests).toEqual([]);
		},
	);
});

describe('Create with the recipient-count guard', () => {
	test('Automatic: counts with a preview, then creates for exactly that count', async () => {
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
	test('Get Many walks pages of 20, newest first', async () => {
		node.sim().state.keys.get('demo-key-0001')!.data.bulk_email_max_daily_campaigns = 100;
		for (let i = 0; i < 23; i++) bulk().create(1, `c${i}`, 'x', eligible().slice(0, 1), null);
		const all = await node.run(campaign('getAll', { returnAll: true }));
		expect(jsonOf(all).map((c) => c.subject)).toEqual(
			Array.from({ length: 23 }, (_, i) => `c${22 - i}`),
		);
		expect(node.sim().requests.map((r) => r.url.split('/').pop())).toEqual(['1', '2']);
		const limited = await node.run(campaign('getAll', { returnAll: false, limit: 5 }));
		expect(limited.items).toHaveLength(5);
	});

	test('Cancel a queued campaign withdraws everyone; cancelling again is already_cancelled', async () => {
		const c = bulk().create(1, 'cancel me', 'x', eligible().slice(0, 5), null);
		const result = await node.run(campaign('cancel', { campaignId: String(c.id) }));
		expect(jsonOf(result)[0]).toMatchObject({
			status: 'cancelled',
			sent_count: 0,
			cancelled_count: 5,
			recipient_count: 5,
		});
		const again = await node.run(campaign('cancel', { campaignId: String(c.id) }), {
			continueOnFail: true,
		});
		expect(jsonOf(again)).toEqual([
			{ error: 'The campaign is already cancelled', error_code: 'already_cancelled' },
		]);
	});

	test('Cancel while sending: sent_count is a floor, one in-flight message may still go; counts add up', async () => {
		const c = bulk().create(1, 'in flight', 'x', eligible().slice(0, 30), null);
		bulk().run();
		bulk().run();
		const result = await node.run(campaign('cancel', { campaignId: String(c.id) }));
		expect(jsonOf(result)[0]).toMatchObject({
			sent_count: 9,
			cancelled_count: 19,
			recipient_count: 30,
		});
		bulk().run();
		const counts = bulk().counts(c);
		expect(counts).toEqual({ recipients: 30, sent: 10, pending: 0, failed: 1, cancelled: 19 });
		expect(counts.sent + counts.pending + counts.failed + counts.cancelled).toBe(counts.recipients);
	});

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
