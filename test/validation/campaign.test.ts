import { jsonOf } from '../harness/nodeRunner';
import { useCampaign } from '../kits/campaign';
const { node, campaign } = useCampaign();

// A campaign id is an integer; as text, `filters` read the filter list as if it were a campaign.
const refused = [
	{
		rule: 'Get with a campaign id that is not a number',
		parameters: campaign('get', { campaignId: 'filters' }),
		message: "Campaign ID (campaignId) must be a whole number above 0 (the record's ID)",
	},
	{
		rule: 'Cancel with a campaign id that is not a number',
		parameters: campaign('cancel', { campaignId: 'page' }),
		message: "Campaign ID (campaignId) must be a whole number above 0 (the record's ID)",
	},
	{
		rule: 'Get with a campaign id that is a dot segment',
		parameters: campaign('get', { campaignId: '..' }),
		message:
			'Campaign ID (campaignId) cannot be "." or "..": the address would point at another record or endpoint',
	},
];

describe.each(refused)('$rule', ({ parameters, message }) => {
	test('is refused before any request, naming the field and the rule', async () => {
		const result = await node.run(parameters);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toBe('Nothing was sent to the billing platform.');
		expect(node.sim().requests).toEqual([]);
	});

	test('with Continue On Fail gives a paired error item and still sends nothing', async () => {
		const result = await node.run(parameters, { continueOnFail: true });
		expect(jsonOf(result)).toEqual([{ error: message }]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(node.sim().requests).toEqual([]);
	});
});
