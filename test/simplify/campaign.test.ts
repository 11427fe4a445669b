import { useCampaign } from '../kits/campaign';
import { bulkEmailOperations } from '../../nodes/TelcoBillingBulkEmail/bulkEmail.operations';
import { jsonOf } from '../harness/nodeRunner';
import { expectSimplified, shapeOf } from './shaped';

const { node, campaign, subject } = useCampaign();

describe('Simplify on campaign status records (12 fields with the counts)', () => {
	test('Get and Get Many: the counts flattened beside the status', async () => {
		const created = await node.run(
			campaign('create', { subject: subject(), content: '<p>Hi</p>' }),
		);
		const id = String(jsonOf(created)[0].id);
		const [one] = await expectSimplified(
			node,
			campaign('get', { campaignId: id }),
			shapeOf(bulkEmailOperations, 'get'),
		);
		expect(one).toMatchObject({ id: Number(id), status: 'queued', sent: 0, failed: 0 });
		await expectSimplified(
			node,
			campaign('getAll', { returnAll: true }),
			shapeOf(bulkEmailOperations, 'getAll'),
		);
	});
});
