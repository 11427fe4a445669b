import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { Operation, RecordShape } from '../../nodes/shared/operation/operations';
import type { NodeRunner } from '../harness/nodeRunner';
import { jsonOf } from '../harness/nodeRunner';

/** The shape a row declares (for the Report node, the report's). */
export function shapeOf(operations: Operation[], value: string, report?: string): RecordShape {
	const simplify = operations.find((op) => op.value === value)?.output?.simplify;
	if (!simplify) throw new Error(`${value} declares no Simplify`);
	return 'id' in simplify ? simplify : simplify.shapes[report!];
}

const flat = (path: string) => path.slice(path.lastIndexOf('.') + 1);
const at = (record: IDataObject, path: string): unknown =>
	path.split('.').reduce<unknown>((value, key) => (value as IDataObject)?.[key], record);

/**
 * Runs the operation raw (a saved version 1 node) and as a node added now (version 1.1): each record
 * simplified holds its id first and at most ten fields, each the raw record's value, nested ones
 * flattened; the raw record has more than ten fields.
 */
export async function expectSimplified(
	node: NodeRunner,
	parameters: INodeParameters,
	shape: RecordShape,
): Promise<IDataObject[]> {
	const raw = await node.run(parameters);
	const simple = await node.run(parameters, { typeVersion: 1.1 });
	expect(raw.error).toBeUndefined();
	expect(simple.error).toBeUndefined();
	const rawRecords = jsonOf(raw);
	const records = jsonOf(simple);
	expect(records.length).toBeGreaterThan(0);
	expect(records).toHaveLength(rawRecords.length);
	for (const [index, record] of records.entries()) {
		const whole = rawRecords[index];
		const leaves = Object.values(whole).reduce<number>(
			(n, v) => n + (v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v).length : 1),
			0,
		);
		expect(leaves).toBeGreaterThan(10);
		expect(Object.keys(record)[0]).toBe(shape.id);
		expect(Object.keys(record).length).toBeLessThanOrEqual(10);
		const expected = Object.fromEntries(
			[shape.id, ...shape.simplified]
				.filter((path) => at(whole, path) !== undefined)
				.map((path) => [flat(path), at(whole, path)]),
		);
		expect(record).toEqual(expected);
	}
	return records;
}
