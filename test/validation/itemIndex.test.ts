import { TelcoBillingCatalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { NOTHING_SENT } from '../../nodes/shared/input/rules';
import { useNode } from '../harness/nodeRunner';

/*
 * n8n's UX guidelines: an error about a parameter names the parameter as the panel shows it, and the
 * item it was about (n8n's itemIndex, which the editor shows with the error). Here the second of three
 * items is refused, across nodes; the description says which as n8n writes it, "[item 1]".
 */
const service = useNode(new TelcoBillingService());
const catalog = useNode(new TelcoBillingCatalog());

const SERVICES = [{ v: '20001' }, { v: '' }, { v: '20002' }];
const PRODUCTS = [{ v: '1' }, { v: '' }, { v: '2' }];

test.each([
	[
		'Service Get',
		service,
		{
			resource: 'service',
			operation: 'get',
			serviceId: { __rl: true, mode: 'id', value: '={{ $json.v }}' },
		},
		'Service',
		SERVICES,
	],
	[
		'Service Calculate ETF for Many',
		service,
		{ resource: 'service', operation: 'calculateEtfMany', serviceIds: '={{ $json.v }}' },
		'Service IDs',
		SERVICES,
	],
	[
		'Catalog Product Get',
		catalog,
		{ resource: 'product', operation: 'get', pid: '={{ $json.v }}' },
		'Product Name or ID',
		PRODUCTS,
	],
])(
	'%s: the refusal names the parameter and [item 1], and nothing is sent for it',
	async (_, node, parameters, label, input) => {
		const result = await node.run(parameters, { input });
		expect(result.error?.message).toContain(label);
		expect(result.error?.context?.itemIndex).toBe(1);
		expect(result.error?.description).toBe(`Refused at [item 1]. ${NOTHING_SENT}`);
	},
);
