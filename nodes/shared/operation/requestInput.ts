import { NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { toPlatformDate, toPlatformDateTime } from '../input/dates';
import { dotSegmentRefusal, isDotSegment, pathIdRefusal, pathParams } from '../input/path';
import type { Operation } from './operations';
import { amountRefusal, decimalText, exactNumber } from '../input/money';
import { isBlank, listedOptionsRefusal, nothingSentFor } from '../input/rules';
import type { RequestInput } from '../input/rules';

/**
 * What an operation is about to send for one item, read from what RoutingNode built out of the
 * parameters (body and query from `routing.send`) and the path values the template names.
 */
export function readInput(
	context: IExecuteSingleFunctions,
	op: Operation,
	options: IHttpRequestOptions,
): RequestInput {
	const input: RequestInput = {
		path: {},
		body: { ...((options.body as IDataObject | undefined) ?? {}) },
		qs: { ...((options.qs as IDataObject | undefined) ?? {}) },
		// Parameters hidden for this operation are absent from the node: their fallback applies.
		param: (name, fallback) =>
			context.getNode().parameters[name] === undefined
				? fallback
				: context.getNodeParameter(name, fallback, { extractValue: true }),
		given: (name) => !isBlank(context.getNode().parameters[name]),
	};
	if (op.leaveOutBlank)
		for (const [field, value] of Object.entries(input.body))
			if (isBlank(value)) delete input.body[field];
	for (const { name } of pathParams(op.path)) {
		if (name === 'page') continue;
		const value = input.param(name, '');
		const spaces = typeof value === 'string' && value !== '' && value.trim() === '';
		if (spaces && op.spaceIsValue?.includes(name)) input.path[name] = ' ';
		else input.path[name] = typeof value === 'string' ? value.trim() : (value as string);
	}
	// n8n dates (pickers, $now, luxon) become the platform's formats before the rules see them.
	for (const field of op.dateFields ?? []) {
		for (const part of [input.body, input.path]) {
			if (field in part) part[field] = toPlatformDate(part[field]) as string;
		}
	}
	for (const field of op.textFields ?? []) {
		const value = input.body[field];
		if (typeof value === 'number' || typeof value === 'bigint') input.body[field] = String(value);
	}
	for (const field of op.dateTimeFields ?? []) {
		if (field in input.body) input.body[field] = toPlatformDateTime(input.body[field]) as string;
	}
	for (const field of op.moneyFields ?? []) {
		const text = decimalText(input.body[field]);
		const number = text === undefined ? undefined : exactNumber(text);
		if (number !== undefined) input.body[field] = number;
	}
	return input;
}

/** Refuses input the spec does not allow, naming the field and the rule, before anything is sent. */
export function checkInput(
	context: IExecuteSingleFunctions,
	op: Operation,
	input: RequestInput,
): void {
	const refuse = (message: string) =>
		new NodeOperationError(context.getNode(), message, {
			itemIndex: context.getItemIndex(),
			description: nothingSentFor(context.getItemIndex()),
		});
	for (const { name, optional } of pathParams(op.path)) {
		if (name === 'page') continue;
		const value = input.path[name];
		const label = op.fields?.find((field) => field.name === name)?.displayName ?? name;
		if (isDotSegment(value)) throw refuse(dotSegmentRefusal(label, name));
		if (optional) continue;
		if (value === undefined || value === null || String(value) === '')
			throw refuse(`${label} (${name}) is required`);
		const notAnId = pathIdRefusal(label, name, value);
		if (notAnId) throw refuse(notAnId);
	}
	for (const field of op.moneyFields ?? []) {
		const value = input.body[field];
		// A blank amount (an expression that found nothing) is refused too: sent, it would be read as 0.
		if (!(field in input.body) || typeof value === 'number') continue;
		const label = fieldLabel(op.fields ?? [], field);
		const text = decimalText(value);
		if (text === undefined) throw refuse(amountRefusal(label, field));
		throw refuse(
			`${label} (${field}) has more digits than a JSON number carries exactly; give at most 15`,
		);
	}
	for (const rule of op.rules ?? []) {
		const refusal = rule(input);
		if (refusal) throw refuse(refusal);
	}
	// A value given by expression for a field with a fixed list is checked against it, as the editor would
	// (after the operation's own rules, whose messages say more where they exist).
	const unlisted = listedOptionsRefusal(op.fields ?? [], input);
	if (unlisted) throw refuse(unlisted);
}

/** A field's display name, found in collections too (money fields sit in Additional Fields). */
function fieldLabel(fields: INodeProperties[], name: string): string {
	for (const field of fields) {
		if (field.name === name) return field.displayName;
		const inner = field.type === 'collection' ? ((field.options ?? []) as INodeProperties[]) : [];
		const found = inner.find((option) => option.name === name);
		if (found) return found.displayName;
	}
	return name;
}
