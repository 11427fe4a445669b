import { useCampaign } from '../kits/campaign';
import { jsonOf } from '../harness/nodeRunner';
const { node, bulk, campaign, eligible } = useCampaign();

/**
 * Customer IDs by expression: a workflow narrows a campaign to the customers an earlier node found
 * (`{{ $json.cids.join(',') }}`, a spreadsheet column). When that list is empty, the expression gives ''
 * (or undefined); sending no customer_ids would select every eligible customer of the department (the
 * spec: omitting selects all, an explicit empty array means nobody). A field filled in that comes out
 * blank is refused before anything is sent.
 */
describe('Customer IDs that resolve blank from an expression', () => {
	test('an empty list joined by expression mails nobody (not the whole department)', async () => {
		const result = await node.run(
			campaign('create', {
				subject: 'Your overdue notice',
				content: 'Hi {{name}}',
				customerIds: "={{ $json.cids.join(',') }}",
			}),
			{ input: [{ cids: [] }], continueOnFail: true },
		);
		// Before the fix: a campaign for every eligible customer of the department.
		const created = bulk().campaigns.map((c) => c.recipients.length);
		expect({ created, output: jsonOf(result) }).toEqual({
			created: [],
			output: [expect.objectContaining({ error: expect.any(String) })],
		});
		expect(eligible().length).toBeGreaterThan(1);
	});

	test('a missing column (undefined) mails nobody (not the whole department)', async () => {
		await node.run(
			campaign('create', {
				subject: 'Your overdue notice 2',
				content: 'Hi {{name}}',
				customerIds: '={{ $json.cids }}',
			}),
			{ input: [{ other: 1 }], continueOnFail: true },
		);
		expect(bulk().campaigns.map((c) => c.recipients.length)).toEqual([]);
	});

	test('for comparison: the same list as an array expression ([]) mails nobody', async () => {
		const result = await node.run(
			campaign('create', {
				subject: 'Your overdue notice 3',
				content: 'Hi {{name}}',
				customerIds: '={{ $json.cids }}',
			}),
			{ input: [{ cids: [] }], continueOnFail: true },
		);
		expect(bulk().campaigns).toEqual([]);
		expect(jsonOf(result)[0]).toMatchObject({ error_code: 'no_recipients' });
	});
});

test('a field left empty (not filled in) does not narrow: the filters’ audience is mailed', async () => {
	const result = await node.run(campaign('create', { subject: 'All of them', content: 'Hi' }));
	expect(result.error).toBeUndefined();
	expect(bulk().campaigns.map((c) => c.recipients.length)).toEqual([eligible().length]);
});

test('Preview refuses a blank Customer IDs expression too, naming the field', async () => {
	const result = await node.run(campaign('preview', { customerIds: '={{ $json.cids }}' }), {
		input: [{}],
	});
	expect(result.error?.message).toMatch(/^Customer IDs \(customerIds\) came out blank/);
	expect(result.error?.description).toMatch(/Nothing was sent/);
});

test('a first filter row joined with OR is sent as AND: order cannot widen the audience', async () => {
	const result = await node.run(
		campaign('create', {
			subject: 'Richmond only',
			content: 'Hi',
			filters: { rows: [{ field: 'suburb', value: 'Richmond', join: 'OR' }] },
		}),
	);
	expect(result.error).toBeUndefined();
	const sent = node.sim().requests.find((r) => r.method === 'POST' && /bulk-email$/.test(r.url));
	expect((sent?.body as { filters: unknown[] }).filters).toEqual([
		{ field: 'suburb', value: 'Richmond', join: 'AND' },
	]);
	const richmond = eligible().filter((c) => /richmond/i.test(String(c.suburb)));
	expect(bulk().campaigns.map((c) => c.recipients.length)).toEqual([richmond.length]);
});
