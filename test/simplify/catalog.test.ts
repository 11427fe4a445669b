import { useCatalog } from '../kits/catalog';
import { callRateOperations } from '../../nodes/TelcoBillingCatalog/callRateCard.operations';
import { callTypeOperations } from '../../nodes/TelcoBillingCatalog/callType.operations';
import { productOperations } from '../../nodes/TelcoBillingCatalog/product.operations';
import { serviceTypeOperations } from '../../nodes/TelcoBillingCatalog/serviceType.operations';
import { expectSimplified, shapeOf } from './shaped';

const { node, state } = useCatalog();

describe('Simplify on the Catalog node’s detail records', () => {
	test('Service Type Get (27 fields)', async () => {
		await expectSimplified(
			node,
			{ resource: 'serviceType', operation: 'get', esid: 2 },
			shapeOf(serviceTypeOperations, 'get'),
		);
	});

	test('Call Type Get: the default rate’s prices flattened beside the name', async () => {
		const [record] = await expectSimplified(
			node,
			{ resource: 'callType', operation: 'get', ctid: 3 },
			shapeOf(callTypeOperations, 'get'),
		);
		expect(record).toHaveProperty('ratepermin');
		expect(record).not.toHaveProperty('default_rate');
	});

	test('Product Get (16 fields)', async () => {
		await expectSimplified(
			node,
			{ resource: 'product', operation: 'get', pid: state().products[0].pid },
			shapeOf(productOperations, 'get'),
		);
	});

	test('Call Rate Card Get (11 fields)', async () => {
		await expectSimplified(
			node,
			{ resource: 'callRate', operation: 'get', ctgid: state().rateCards[0].ctgid },
			shapeOf(callRateOperations, 'get'),
		);
	});
});
