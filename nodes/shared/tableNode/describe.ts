import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { isUpdate } from '../operation/operations';
import type { Operation } from '../operation/operations';
import { simplifyFields } from './outputChoice';
import { DATE_TIME_HINT } from '../input/dates';
import { noteDescribed } from '../operation/parameters';

/** Every date field says how its value meets the platform's clock (dates.ts), unless it says more itself. */
function withDateHint(field: INodeProperties): INodeProperties {
	if (field.type === 'dateTime') return field.hint ? field : { ...field, hint: DATE_TIME_HINT };
	if (field.type !== 'collection') return field;
	return { ...field, options: (field.options as INodeProperties[]).map(withDateHint) };
}

/** The editor side of an operation table: the Operation dropdown and each operation's fields. */
function show(resource: string, operation: string, own?: IDisplayOptions): IDisplayOptions {
	return {
		...own,
		show: { ...own?.show, resource: [resource], operation: [operation] },
	};
}

/**
 * Every update, by its kind (`isUpdate`): a preview of what it would write. Added by the table, never by a row,
 * so no update can be without it.
 */
const DRY_RUN: INodeProperties = {
	displayName: 'Dry Run',
	name: 'dryRun',
	type: 'boolean',
	default: false,
	description:
		'Whether to decide everything as a real run would (match, compare, prove) and output what each item ' +
		'would write and why, writing nothing. Preview a sync against production before running it.',
};

const LIST_FIELDS: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		default: 50,
		typeOptions: { minValue: 1 },
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/**
 * The parameters an operation's item reads, before they are shown only for it: its fields, and those of its kind
 * (Return All and Limit for a listing, Dry Run for an update, Simplify for records of more than ten fields). The
 * node run reads each by its type (operation/parameters.ts).
 */
function parametersFor(op: Operation): INodeProperties[] {
	const parameters = [
		...(op.fields ?? []),
		...(op.list ? LIST_FIELDS : []),
		...(isUpdate(op) ? [DRY_RUN] : []),
		...simplifyFields(op.output?.simplify),
	];
	noteDescribed(op, parameters);
	return parameters;
}

/** An update's "Add Field" collection says that a blank value is left out, unless it says more itself. */
function blankSafe(field: INodeProperties): INodeProperties {
	return field.type === 'collection' && !field.description
		? { ...field, description: BLANK_LEFT_OUT }
		: field;
}

/**
 * A field as the editor sees it: where its value is sent (`routing.send`) is read from the table by the node
 * run (itemLoop.ts), and n8n is not told, since a node with its own `execute` never routes.
 */
function editorField(field: INodeProperties): INodeProperties {
	const shown: INodeProperties = { ...field };
	delete shown.routing;
	if (field.type === 'collection' && field.options)
		shown.options = (field.options as INodeProperties[]).map(editorField);
	return shown;
}

/**
 * One property per field a resource's operations share: a field defined alike for several operations is one
 * parameter, shown for each of them (n8n's own nodes' way). A field that differs between operations, or
 * that would move before a field the operation shows ahead of it, stays a property of its own.
 */
function mergeShared(fields: INodeProperties[]): INodeProperties[] {
	const merged: INodeProperties[] = [];
	const byShape = new Map<string, INodeProperties>();
	// Where each operation's last field went, so its fields keep their order in the panel.
	const lastOf = new Map<string, number>();
	for (const field of fields) {
		const { operation = [], ...show } = field.displayOptions?.show ?? {};
		const shape = JSON.stringify({ ...field, displayOptions: { ...field.displayOptions, show } });
		const after = Math.max(-1, ...operation.map((op) => lastOf.get(String(op)) ?? -1));
		const earlier = byShape.get(shape);
		const at = earlier ? merged.indexOf(earlier) : -1;
		if (earlier?.displayOptions?.show?.operation && at > after) {
			earlier.displayOptions.show.operation = [
				...earlier.displayOptions.show.operation,
				...operation,
			];
			for (const op of operation) lastOf.set(String(op), at);
			continue;
		}
		const own = {
			...field,
			displayOptions: { ...field.displayOptions, show: { ...field.displayOptions?.show } },
		};
		if (!earlier) byShape.set(shape, own);
		merged.push(own);
		for (const op of operation) lastOf.set(String(op), merged.length - 1);
	}
	return merged;
}

/** The operation dropdown and every operation's parameters, shown only where they belong. */
export function describeResource(
	resource: string,
	operations: Operation[],
	defaultOperation: string,
): INodeProperties[] {
	const operationProperty: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		default: defaultOperation,
		options: [...operations]
			.sort((a, b) => a.name.localeCompare(b.name))
			.map((op) => ({
				name: op.name,
				value: op.value,
				action: op.action,
				description: op.description,
			})),
	};
	const fields = operations.flatMap((op) =>
		parametersFor(op).map((field) => ({
			...withDateHint(editorField(isUpdate(op) ? blankSafe(field) : field)),
			displayOptions: show(resource, op.value, field.displayOptions),
		})),
	);
	return [operationProperty, ...mergeShared(fields)];
}

/**
 * A node with one resource and one operation, the way n8n's single-operation nodes look: no Resource or
 * Operation dropdown. Both stay as hidden parameters with their values, so saved workflows (which hold
 * them) keep working.
 */
export function describeSingleOperation(resource: string, operation: Operation): INodeProperties[] {
	const { value } = operation;
	const [, ...fields] = describeResource(resource, [operation], value);
	return [
		{ displayName: 'Resource', name: 'resource', type: 'hidden', default: resource },
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'hidden',
			default: value,
			// Not shown; n8n reads the action here to describe the node's Tool variant ("{action} in {node}").
			displayOptions: { show: { resource: [resource] } },
			options: [{ name: operation.name, value, action: operation.action }],
		},
		...fields,
	];
}

/** A parameter sent as the body field of the same name (the node run reads `routing.send`, itemLoop.ts). */
export function bodyField(field: INodeProperties): INodeProperties {
	return { ...field, routing: { send: { type: 'body', property: field.name } } };
}

/** An "Add Field" collection of optional parameters. */
export function collection(
	displayName: string,
	name: string,
	options: INodeProperties[],
	description?: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		...(description && { description }),
		options,
	};
}

/** What an update's optional fields say: blank values are left out (`isUpdate`). */
export const BLANK_LEFT_OUT =
	'Only the fields you add are sent. A field that comes out blank (an empty cell, empty text, null) is ' +
	'left out, so the value the platform holds stays: the API has no way to clear a field.';

/** A dropdown loaded from the platform (`method` of the node's loadOptions): ids are picked, not typed. */
export function loadedOptions(
	displayName: string,
	name: string,
	method: string,
	what: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'options',
		typeOptions: { loadOptionsMethod: method },
		required: true,
		default: '',
		description: `${what}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

/** The same for several values. */
export function loadedMultiOptions(
	displayName: string,
	name: string,
	method: string,
	what: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: method },
		default: [],
		description: `${what}. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

type Labelled = ReadonlyArray<{ name: string; value: string | number | boolean }>;

function labelMap(options: Labelled | INodeProperties['options']): Record<string, string> {
	return Object.fromEntries(
		((options ?? []) as INodePropertyOptions[]).map((option) => [
			String(option.value),
			option.name,
		]),
	);
}

/*
 * One subtitle style on the canvas, n8n's "operation: resource" (Okta, Gong, Stripe), with the labels the
 * panel shows rather than the raw values: "Get Balance: Customer", "Add Many: Call Record", "Aged
 * Receivables: Report". A value a table does not know is shown as it is.
 */

/**
 * The subtitle of a node with a Resource and an Operation dropdown: `resources` maps each resource value
 * to its label and its operation table.
 */
export function operationSubtitle(
	resources: Record<string, { label: string; operations: Labelled }>,
): string {
	const operations = Object.fromEntries(
		Object.entries(resources).flatMap(([resource, { operations }]) =>
			operations.map(({ name, value }) => [`${resource}/${String(value)}`, name]),
		),
	);
	const labels = Object.fromEntries(
		Object.entries(resources).map(([value, { label }]) => [value, label]),
	);
	return (
		`={{ ((${JSON.stringify(operations)})[$parameter["resource"] + "/" + $parameter["operation"]] || ` +
		`$parameter["operation"]) + ": " + ((${JSON.stringify(labels)})[$parameter["resource"]] || $parameter["resource"]) }}`
	);
}

/**
 * The same for a node whose one choice is `parameter` (one value or several) on a fixed `object`; without
 * `object` (a trigger, which has no operation), the chosen labels alone.
 */
export function labelSubtitle(
	parameter: string,
	options: Labelled | INodeProperties['options'],
	object?: string,
): string {
	const chosen = `[].concat($parameter["${parameter}"]).map(v => (${JSON.stringify(labelMap(options))})[v] || v).join(", ")`;
	return object === undefined
		? `={{ ${chosen} }}`
		: `={{ ${chosen} + ${JSON.stringify(`: ${object}`)} }}`;
}
