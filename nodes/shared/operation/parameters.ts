import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyCollection,
} from 'n8n-workflow';
import { operationError } from '../errors/made';
import { decimalText, exactNumber } from '../input/money';
import { isBlank, nothingSentFor } from '../input/rules';
import { quotedValue } from '../input/sentTypes';
import { switchValue } from '../input/switches';
import type { Operation } from './operations';

/*
 * Every parameter an item reads is read by its type, whatever gave it. An expression mapping a sheet, a form or a
 * webhook gives text: "true" for a switch, "5" for a number. A switch is read as n8n reads a boolean
 * (input/switches.ts) and a number's plain text as the number, wherever the parameter is (top level, an "Add
 * Field" collection, a row of a list); a switch that reads as neither true nor false is refused naming it, never
 * taken as off. The types are those of the parameters the editor shows for the operation: the row's fields and
 * those every row of its kind gets (Dry Run, Return All, Limit, Simplify), as tableNode/describe.ts makes them.
 */

const described = new WeakMap<Operation, INodeProperties[]>();

/** The parameters the editor shows for `op` (its fields and those of its kind): told by describe.ts. */
export function noteDescribed(op: Operation, parameters: INodeProperties[]): void {
	described.set(op, parameters);
}

/** Every parameter of `op`, as described; its own fields when it was never described (a row outside a node). */
export function parametersOf(op: Operation): INodeProperties[] {
	return described.get(op) ?? op.fields ?? [];
}

/** A value as its parameter's type reads it: a switch's word or digit as the switch, a number's text as it. */
function readAs(field: INodeProperties, value: unknown): unknown {
	if (field.type === 'boolean') return switchValue(value) ?? value;
	if (field.type === 'number' && typeof value === 'string') {
		const text = decimalText(value);
		const number = text === undefined ? undefined : exactNumber(text);
		return number ?? value;
	}
	if (field.type === 'collection' && isRecord(value))
		return valuesAs((field.options ?? []) as INodeProperties[], value);
	if (field.type === 'fixedCollection' && isRecord(value)) {
		const out: IDataObject = { ...value };
		for (const group of (field.options ?? []) as INodePropertyCollection[]) {
			const rows = value[group.name];
			if (Array.isArray(rows))
				out[group.name] = rows.map((row) => (isRecord(row) ? valuesAs(group.values, row) : row));
			else if (isRecord(rows)) out[group.name] = valuesAs(group.values, rows);
		}
		return out;
	}
	return value;
}

function valuesAs(fields: INodeProperties[], values: IDataObject): IDataObject {
	const out: IDataObject = { ...values };
	for (const field of fields)
		if (Object.prototype.hasOwnProperty.call(values, field.name))
			out[field.name] = readAs(field, values[field.name]) as IDataObject[string];
	return out;
}

const isRecord = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads parameters by their types among `fields` (`value`: n8n's value of a parameter, as stored or evaluated). */
export function typedReader(fields: INodeProperties[]) {
	const byName = new Map<string, INodeProperties>();
	for (const field of fields) if (!byName.has(field.name)) byName.set(field.name, field);
	return (name: string, value: unknown): unknown => {
		const field = byName.get(name);
		return field ? readAs(field, value) : value;
	};
}

/**
 * A switch of a node that reads its own parameters (not from an operation table): read by the one rule, or
 * refused naming it (`fields`: the node's properties, where its display name is found).
 */
export function switchParameter(
	context: IExecuteFunctions,
	fields: INodeProperties[],
	name: string,
	itemIndex: number,
): boolean {
	const field = fields.find((one) => one.name === name && one.type === 'boolean');
	const value = context.getNodeParameter(name, itemIndex, field?.default ?? false);
	const read = switchValue(value);
	if (read !== undefined) return read;
	const named = `${field?.displayName ?? name} (${name})`;
	throw operationError(
		context.getNode(),
		`${named} must be true or false (or 1 or 0); ${
			isBlank(value) ? 'it came out blank' : `it came out as ${quotedValue(value)}`
		}`,
		{ itemIndex, description: nothingSentFor(itemIndex) },
	);
}

/** The refusal of a switch (among `fields`, their collections' options and rows' values) that is no switch. */
function switchRefusalIn(
	fields: INodeProperties[],
	values: IDataObject,
	shown: (field: INodeProperties, within: IDataObject) => boolean,
	blankIsNotGiven = false,
): string | undefined {
	for (const field of fields) {
		if (!Object.prototype.hasOwnProperty.call(values, field.name) || !shown(field, values))
			continue;
		const value = values[field.name];
		const named = `${field.displayName} (${field.name})`;
		// An "Add Field" switch that comes out blank is not given (never sent; an update keeps the value held).
		if (blankIsNotGiven && isBlank(value)) continue;
		if (field.type === 'boolean' && typeof value !== 'boolean')
			return `${named} must be true or false (or 1 or 0); ${
				isBlank(value) ? 'it came out blank' : `it came out as ${quotedValue(value)}`
			}`;
		if (field.type === 'collection' && isRecord(value)) {
			const inner = switchRefusalIn((field.options ?? []) as INodeProperties[], value, shown, true);
			if (inner) return `${named}: ${inner}`;
		}
		if (field.type === 'fixedCollection' && isRecord(value))
			for (const group of (field.options ?? []) as INodePropertyCollection[]) {
				const rows = Array.isArray(value[group.name])
					? (value[group.name] as unknown[])
					: [value[group.name]];
				for (const [index, row] of rows.entries()) {
					const inner = isRecord(row) ? switchRefusalIn(group.values, row, shown) : undefined;
					if (inner) return `${named} row ${index + 1}: ${inner}`;
				}
			}
	}
	return undefined;
}

/**
 * The refusal of the first switch of the item that reads as neither true nor false, naming it; undefined when
 * every switch given reads as one. `given` holds the parameters the node stores (a switch left at its default is
 * not read), `value` reads one by its type (typedReader), `shown` applies a parameter's display rules.
 */
export function switchRefusal(
	op: Operation,
	given: IDataObject,
	value: (name: string) => unknown,
	shown: (field: INodeProperties, within: IDataObject) => boolean,
): string | undefined {
	const read: IDataObject = {};
	const fields = parametersOf(op).filter((field) => given[field.name] !== undefined);
	for (const field of fields)
		if (
			!(field.name in read) &&
			shown(field, given) &&
			['boolean', 'collection', 'fixedCollection'].includes(field.type)
		)
			read[field.name] = value(field.name) as IDataObject[string];
	return switchRefusalIn(fields, read, (field, within) =>
		within === read ? shown(field, given) : shown(field, within),
	);
}
