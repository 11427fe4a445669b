import { TelcoBillingCrm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import { useNode } from '../harness/nodeRunner';

// Found by the node-settings property: a timeline Create or Update whose answer was lost was sent again by
// Retry On Fail's next try, as if it matched before writing like the customer Create or Update. Without an
// Entry ID it creates an entry: a second try made a second entry.

const node = useNode(new TelcoBillingCrm());

test('a timeline entry whose answer was lost is not created again by the next try', async () => {
	const sim = node.sim();
	sim.faults.push('failAfterWrite');
	const result = await node.run(
		{
			resource: 'timeline',
			operation: 'upsert',
			module: 'customers',
			recordId: '1001',
			title: 'Call',
			description: 'Called about the outage',
		},
		{ settings: { retryOnFail: true, maxTries: 3 } },
	);
	const posts = sim.handled.filter((request) => request.method === 'POST');
	expect(posts).toHaveLength(1);
	expect(String(result.error?.description)).toMatch(/may or may not have been carried out/);
});
