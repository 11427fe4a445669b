import { NUMERIC_PATH_IDS, OTHER_PATH_VALUES, pathParams } from '../../nodes/shared/input/path';
import { useCrm } from '../kits/crm';
import { describeRefusals } from '../harness/refusals';
import { ROWS } from '../harness/tables';
import type { Refusal } from '../harness/refusals';
const { node, state } = useCrm();

test('Lead → Update with a Lead ID that is not a number (add) is refused: it posted to /leads/add and created a lead', async () => {
	const leads = state().leads.length;
	const result = await node.run({
		resource: 'lead',
		operation: 'update',
		lid: '={{ "add" }}',
		updateFields: { company: 'Not a new lead' },
	});
	expect(result.error?.message).toBe(
		"Lead ID (lid) must be a whole number above 0 (the record's ID)",
	);
	expect(result.error?.description).toBe(
		'Refused at [item 0]. Nothing was sent to the billing platform.',
	);
	expect(state().leads.length).toBe(leads);
	expect(node.sim().requests).toEqual([]);
});

const refused: Refusal[] = [
	['lead', 'get', 'lid', 'Lead ID', 'get'],
	['lead', 'update', 'lid', 'Lead ID', ' 12a'],
	['lead', 'update', 'lid', 'Lead ID', '-3'],
	['lead', 'update', 'lid', 'Lead ID', '1.5'],
].map(([resource, operation, field, label, value]) => ({
	rule: `${resource} → ${operation} with ${field} "${value}"`,
	parameters: { resource, operation, [field]: `={{ "${value}" }}` },
	message: `${label} (${field}) must be a whole number above 0 (the record's ID)`,
}));
describeRefusals(node, refused);

test('every path value of every operation is either a numeric id (checked once, in the path layer) or named with what else it is', () => {
	const names = new Set(ROWS.flatMap(({ op }) => pathParams(op.path).map((p) => p.name)));
	expect(names.size).toBeGreaterThan(15);
	const unclassified = [...names].filter(
		(name) => !NUMERIC_PATH_IDS.includes(name) && !(name in OTHER_PATH_VALUES),
	);
	expect(unclassified).toEqual([]);
	expect(NUMERIC_PATH_IDS).toEqual(
		expect.arrayContaining(['lid', 'serviceId', 'bundleId', 'priceBookId', 'ctgid', 'itemId']),
	);
});
