import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { RECORD_ID_LOADERS } from '../../nodes/shared/input/numbers';
import { useNode } from '../harness/nodeRunner';
import { bundleOf } from '../harness/records';
// Dropdowns and resource-locator lists, called through n8n-core's LoadOptionsContext against the simulator.
const node = useNode(new TelcoBillingService(), { pageSize: 2 });

test('service types: every page, sorted by name, value is the esid', async () => {
	const options = (await node.options('loadOptions.getServiceTypes')) as Array<{
		name: string;
		value: number;
	}>;
	expect(options).toHaveLength(node.sim().state.serviceTypes.length);
	expect(options[0]).toEqual({ name: 'Hosted PBX Seat (5)', value: 5 });
	expect(node.sim().requests.map((r) => r.url.split('/').pop())).toEqual(['1', '2', '3']);
});

test('call rate cards: active ones only', async () => {
	expect(await node.options('loadOptions.getCallRateCards')).toEqual([
		{ name: 'Per Second Saver (2)', value: 2 },
		{ name: 'Standard Business (1)', value: 1 },
	]);
});

test('products, price books and call types', async () => {
	expect(await node.options('loadOptions.getProducts')).toContainEqual({
		name: 'SIM Card — SIM-4G (4)',
		value: 4,
	});
	expect(await node.options('loadOptions.getPriceBooks')).toEqual([
		{ name: 'Partner Pricing (1)', value: 1 },
	]);
	expect(await node.options('loadOptions.getCallTypes')).toContainEqual({
		name: 'International — outbound (3)',
		value: 3,
	});
});

test('bundles of the customer chosen in the node', async () => {
	node.sim().state.bundles.push({
		id: 40009,
		deptid: 1,
		cid: 1002,
		name: 'Team Pack',
		active: 1,
		date_started: '2026-01-01',
		date_ended: null,
		included_usage_type: 0,
		included_value: null,
		monthly_cost: null,
		call_types: [],
		charges: [],
	});
	const parameters = {
		resource: 'bundle',
		operation: 'get',
		cid: { __rl: true, mode: 'id', value: '1002' },
	};
	expect(await node.options('loadOptions.getCustomerBundles', parameters)).toEqual([
		{ name: 'Team Pack (40009)', value: 40009 },
	]);
	expect(
		await node.options('loadOptions.getCustomerBundles', {
			...parameters,
			cid: { __rl: true, mode: 'id', value: '' },
		}),
	).toEqual([]);
});

// A value given by expression for one of these dropdowns is refused unless it is a record's ID (input/numbers.ts):
// each gives IDs, whole numbers above 0, and nothing else.
test.each(RECORD_ID_LOADERS)('%s gives record IDs', async (loader) => {
	node.sim().state.bundles.push(bundleOf(1002, 40009, 'Team Pack'));
	const options = (await node.options(`loadOptions.${loader}`, {
		resource: 'bundle',
		operation: 'get',
		cid: { __rl: true, mode: 'id', value: '1002' },
	})) as Array<{ value: unknown }>;
	expect(options.length).toBeGreaterThan(0);
	for (const { value } of options)
		expect(Number.isSafeInteger(value) && (value as number) > 0).toBe(true);
});
