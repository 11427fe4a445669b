import { TelcoBillingBulkEmail } from '../../nodes/TelcoBillingBulkEmail/TelcoBillingBulkEmail.node';
import { retryExecution } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { useCampaign } from '../kits/campaign';
const { node, bulk, campaign, eligible } = useCampaign();

// Review ("n8n's re-runs never write twice"; a campaign cannot be recalled): Create's request names the customers
// its preview listed. A create whose answer was lost is remembered by that request; a failed execution retried
// later lists the audience as it is then. One customer joined (or left) in between, and the retry's request is
// another request: it is sent, and the audience is mailed a second time.

test('a failed execution retried after one customer joined does not create the lost campaign again', async () => {
	const parameters = campaign('create', {
		subject: 'March price change',
		content: 'Dear {{name}}',
	});
	// The preview passes; the create is stored and its answer lost (a 503 after the write).
	node.sim().faults.push('pass', 'failAfterWrite');
	const first = await node.run(parameters);
	expect(first.error).toBeDefined();
	expect(bulk().campaigns).toHaveLength(1);
	// An hour later (the platform's 60-second duplicate-subject window long past), a new customer has signed up.
	bulk().campaigns[0].createdMs -= 3_600_000;
	const [model] = eligible();
	const top = Math.max(...node.sim().state.customers.map((c) => c.cid));
	node.sim().state.customers.push({
		...model,
		cid: top + 1,
		account_id: 'ACC-NEW-1',
		crm_id: 'CRM-NEW-1',
		email: 'new.signup@example.net',
	});
	await retryExecution(
		{
			nodeType: new TelcoBillingBulkEmail(),
			parameters,
			credentials: { baseUrl: node.sim().url, apiKey: DEMO_KEY },
		},
		first,
	);
	// Everyone counted the first time was mailed by the campaign whose answer was lost.
	expect(bulk().campaigns).toHaveLength(1);
});
