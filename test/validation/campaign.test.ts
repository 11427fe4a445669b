import { useCampaign } from '../kits/campaign';
import { describeRefusals } from '../harness/refusals';
import type { Refusal } from '../harness/refusals';
const { node, campaign } = useCampaign();

// A campaign id is an integer; as text, `filters` read the filter list as if it were a campaign.
const refused: Refusal[] = [
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

describeRefusals(node, refused);
