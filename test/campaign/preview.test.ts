import { useCampaign } from '../kits/campaign';
import type { IDataObject } from 'n8n-workflow';
import { jsonOf } from '../harness/nodeRunner';
const { node, bulk, campaign, eligible, rows } = useCampaign();

describe('Get Filter Fields and Preview', () => {
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
