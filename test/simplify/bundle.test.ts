import { rl, useService } from '../kits/service';
import { bundleOperations } from '../../nodes/TelcoBillingService/bundle.operations';
import { jsonOf } from '../harness/nodeRunner';
import { expectSimplified, shapeOf } from './shaped';

const { node } = useService();

test('Service Bundle Get (12 fields): Simplify leaves out the lists of charges and services', async () => {
	const created = await node.run({
		resource: 'bundle',
		operation: 'create',
		cid: rl('1001'),
		name: 'Office Pack',
	});
	const id = jsonOf(created)[0].id as number;
	const [record] = await expectSimplified(
		node,
		{ resource: 'bundle', operation: 'get', bundleId: id },
		shapeOf(bundleOperations, 'get'),
	);
	expect(record).toMatchObject({ id, name: 'Office Pack' });
	expect(record).not.toHaveProperty('services');
});
