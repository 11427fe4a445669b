import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

describe('Customer: reads', () => {
	test('Get Service Pricing gives one item per service type with the customer’s price-book price', async () => {
		// Customer 1001 is on "Partner Pricing": NBN 100/20 flat 59.95 (override 1), Mobile 20GB 75% of 35 (override 0).
		const result = await node.run(customer('getServicePricing', { cid: '1001' }));
		expect(jsonOf(result).slice(0, 3)).toEqual([
			{ service_type_id: 1, name: 'NBN 100/20', price: 59.95, default_price: false },
			{ service_type_id: 2, name: 'Mobile 20GB', price: 26.25, default_price: false },
			{ service_type_id: 3, name: 'SIP Trunk', price: 49.5, default_price: true },
		]);
		expect(result.items).toHaveLength(node.sim().state.serviceTypes.length);
	});
});
