import type { IDataObject } from 'n8n-workflow';
import { getOwn, setOwn } from '../input/keys';
import type { RecordShape, ShapesBy } from '../operation/operations';

/** How much of a record to output: n8n's Simplify toggle, or a tool's Output choice. */
export type OutputChoice =
	| { mode: 'raw' }
	| { mode: 'simplified' }
	| { mode: 'selected'; fields: string[] };

/** The shape that applies, for a row whose shapes depend on a parameter (the report chosen). */
export function shapeFor(
	simplify: RecordShape | ShapesBy | undefined,
	parameter: (name: string) => unknown,
): RecordShape | undefined {
	if (!simplify || 'id' in simplify) return simplify;
	return getOwn(simplify.shapes, String(parameter(simplify.parameter)));
}

function valueAt(record: IDataObject, path: string): unknown {
	let value: unknown = record;
	for (const key of path.split('.')) {
		if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
		value = getOwn(value as IDataObject, key);
	}
	return value;
}

const flatKey = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

/**
 * A record as the choice asks: whole (raw), its ten most useful fields flattened (simplified), or the
 * fields picked (selected). The id comes first in every mode, so an item can be matched back.
 */
export function shapeRecord(
	record: IDataObject,
	shape: RecordShape,
	choice: OutputChoice,
): IDataObject {
	if (choice.mode === 'raw') return record;
	const paths = choice.mode === 'simplified' ? shape.simplified : choice.fields;
	const out: IDataObject = {};
	for (const path of [shape.id, ...paths]) {
		const value = valueAt(record, path);
		if (value !== undefined) setOwn(out, flatKey(path), value as IDataObject[string]);
	}
	return out;
}
