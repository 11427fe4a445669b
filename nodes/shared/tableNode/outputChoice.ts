import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { RecordShape, ShapesBy } from '../operation/operations';
import type { RequestInput } from '../input/rules';
import type { OutputChoice } from '../output/simplify';
import { SIMPLIFY_SINCE } from './node';

/*
 * n8n's UX guidelines: an answer of more than ten fields gets a Simplify toggle (on by default in new
 * nodes), and the same operation used as an AI tool gets Output (Simplified / Raw / Selected Fields)
 * instead, as n8n's own nodes show them: by `@tool` (the tool variant's type name ends in "Tool") and
 * by `@version` (version 1 nodes of saved workflows keep their raw output).
 */
type VersionCondition = { _cnd: { gte: number } } | { _cnd: { lt: number } };
const SINCE: VersionCondition = { _cnd: { gte: SIMPLIFY_SINCE } };
const BEFORE: VersionCondition = { _cnd: { lt: SIMPLIFY_SINCE } };

function when(
	tool: boolean,
	version: VersionCondition,
	extra?: IDisplayOptions['show'],
): IDisplayOptions {
	return { show: { ...extra, '@tool': [tool], '@version': [version] } };
}

// From version 1.1 only: n8n's lint wants Simplify on by default, and a version 1 node's records stay whole.
function simplifyToggle(extra?: IDisplayOptions['show']): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simple',
		type: 'boolean',
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
		displayOptions: when(false, SINCE, extra),
	};
}

// A version 1 tool keeps its raw output by default; a tool added now is simplified.
const OUTPUT_OPTIONS = [
	{ name: 'Raw', value: 'raw', description: 'Every field the platform returns' },
	{
		name: 'Selected Fields',
		value: 'selected',
		description: 'Only the fields chosen below, and the record’s ID',
	},
	{
		name: 'Simplified',
		value: 'simplified',
		description: 'The ten most useful fields, flattened',
	},
];

// The Report node has an Output of its own (items or a file): its tool's choice is about each row.
function toolOutputs(extra?: IDisplayOptions['show'], displayName = 'Output'): INodeProperties[] {
	return [
		{
			displayName,
			name: 'toolOutput',
			type: 'options',
			noDataExpression: true,
			options: OUTPUT_OPTIONS,
			default: 'simplified',
			description: 'How much of each record to give the agent',
			displayOptions: when(true, SINCE, extra),
		},
		{
			displayName,
			name: 'toolOutput',
			type: 'options',
			noDataExpression: true,
			options: OUTPUT_OPTIONS,
			default: 'raw',
			description: 'How much of each record to give the agent',
			displayOptions: when(true, BEFORE, extra),
		},
	];
}

function selectedFields(shape: RecordShape, extra?: IDisplayOptions['show']): INodeProperties {
	const options: INodePropertyOptions[] = [...new Set(shape.fields)]
		.sort((a, b) => a.localeCompare(b))
		.map((field) => ({ name: field, value: field }));
	return {
		displayName: 'Fields',
		name: 'selectedFields',
		type: 'multiOptions',
		options,
		default: [],
		description: `The fields to output; the record’s ID (${shape.id}) is always kept`,
		displayOptions: { show: { ...extra, '@tool': [true], toolOutput: ['selected'] } },
	};
}

/** The Simplify toggle, the tool's Output and its Fields, for an operation with a record shape. */
export function simplifyFields(simplify: RecordShape | ShapesBy | undefined): INodeProperties[] {
	if (!simplify) return [];
	const chosen =
		'id' in simplify
			? undefined
			: { [simplify.parameter]: Object.keys(simplify.shapes) as Array<string | number | boolean> };
	const pickers =
		'id' in simplify
			? [selectedFields(simplify)]
			: Object.entries(simplify.shapes).map(([value, shape]) =>
					selectedFields(shape, { [simplify.parameter]: [value] }),
				);
	return [
		simplifyToggle(chosen),
		...toolOutputs(chosen, chosen ? 'Row Output' : 'Output'),
		...pickers,
	];
}

/** What the item's node asks for: a tool's Output if it is a tool, otherwise Simplify. */
export function outputChoiceOf({ param }: RequestInput): OutputChoice {
	const tool = param('toolOutput', '') as string;
	if (tool === 'selected')
		return { mode: 'selected', fields: param('selectedFields', []) as string[] };
	if (tool === 'simplified' || tool === 'raw') return { mode: tool };
	return param('simple', false) ? { mode: 'simplified' } : { mode: 'raw' };
}
