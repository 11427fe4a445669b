import { useCampaign } from '../kits/campaign';
import { jsonOf } from '../harness/nodeRunner';
const { node, bulk, campaign, eligible } = useCampaign();

/**
 * Customer IDs by expression: a workflow narrows a campaign to the customers an earlier node found
 * (`{{ $json.cids.join(',') }}`, a spreadsheet column). When that list is empty, the expression gives ''
 * and the node sends no customer_ids at all, so the campaign goes to every eligible customer of the
 * department. An array expression giving [] is "nobody" (the spec's explicit empty array); the same list
 * joined, or a missing column, is "everybody".
 */
describe('Customer IDs that resolve blank from an expression', () => {
	test.failing(
		'an empty list joined by expression mails nobody (not the whole department)',
		async () => {
			const result = await node.run(
				campaign('create', {
					subject: 'Your overdue notice',
					content: 'Hi {{name}}',
					customerIds: "={{ $json.cids.join(',') }}",
				}),
				{ input: [{ cids: [] }], continueOnFail: true },
			);
			// What happens: a campaign for every eligible customer of the department.
			const created = bulk().campaigns.map((c) => c.recipients.length);
			expect({ created, output: jsonOf(result) }).toEqual({
				created: [],
				output: [expect.objectContaining({ error: expect.any(String) })],
			});
			expect(eligible().length).toBeGreaterThan(1);
		},
	);

	test.failing('a missing column (undefined) mails nobody (not the whole department)', async () => {
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
