import { NodeHelpers } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeParameters,
	INodeProperties,
	INodeTypeDescription,
} from 'n8n-workflow';
import { toPlatformDate, toPlatformDateTime } from '../input/dates';
import { dotSegmentRefusal, isDotSegment, pathIdRefusal, pathParams } from '../input/path';
import { isRepeatable, isSearch, isUpdate } from './operations';
import type { Operation } from './operations';
import { amountRefusal, decimalText, exactNumber } from '../input/money';
import { isBlank, listedOptionsRefusal, nothingSentFor } from '../input/rules';
import { operationError } from '../errors/made';
import { numberCarried, unreadableNumber } from '../input/numbers';
import type { NumberScope } from '../input/numbers';
import type { RequestInput } from '../input/rules';
import { typedInputRefusal } from './typedInput';
import { parametersOf, switchRefusal, typedReader } from './parameters';

/**
 * Reads each parameter of one item at most once (n8n evaluates an expression at every read), resource
 * locators resolved to their value, each by its type (operation/parameters.ts: a switch mapped as "true" is on); a
 * parameter absent from the node (hidden for this operation) is its fallback.
 */
function parameterReader(
	context: IExecuteFunctions,
	op: Operation,
	itemIndex: number,
): RequestInput['param'] {
	const { parameters } = context.getNode();
	const read = new Map<string, unknown>();
	const typed = typedReader(parametersOf(op));
	return (name, fallback) => {
		if (parameters[name] === undefined) return fallback;
		if (!read.has(name)) {
			const value = context.getNodeParameter(name, itemIndex, fallback, { extractValue: true });
			read.set(name, typed(name, value));
		}
		return read.get(name);
	};
}

/** Where a field's value is sent: `routing.send` in the operation table says so, as n8n's declarative nodes do. */
function sendOf(field: INodeProperties): { type: 'body' | 'query'; property: string } | undefined {
	const send = field.routing?.send;
	if (!send || typeof send.property !== 'string') return undefined;
	return { type: send.type === 'query' ? 'query' : 'body', property: send.property };
}

/**
 * Whether a field is shown for the node's current parameters, by its own display rules (the table already
 * chose the operation's fields). Only the node type's name is needed: a tool variant's ends in "Tool".
 */
function isShown(context: IExecuteFunctions, field: INodeProperties): boolean {
	const node = context.getNode();
	const type = { name: node.type } as INodeTypeDescription;
	return NodeHelpers.displayParameter(node.parameters, field, node, type, node.parameters);
}

/**
 * The numbers a row sends by its fields' routing (its own fields and its collections' options: numbers and IDs from
 * dropdowns), by the property they are sent as: each is sent as a number, or refused (checkInput), never dropped.
 */
function numberFieldsOf(op: Operation): Map<string, { topLevel: boolean }> {
	const found = new Map<string, { topLevel: boolean }>();
	for (const field of op.fields ?? []) {
		const options = field.type === 'collection' ? ((field.options ?? []) as INodeProperties[]) : [];
		for (const one of field.type === 'collection' ? options : [field]) {
			const send = sendOf(one);
			const carried = numberCarried(one);
			if (
				(carried === 'number' || carried === 'id') &&
				send &&
				!op.moneyFields?.includes(send.property)
			)
				found.set(send.property, { topLevel: one === field });
		}
	}
	return found;
}

/**
 * The body and query of the operation's fields, each parameter read once: a field with `routing.send` is sent
 * as its property, and so is every field of an "Add Field" collection that has one.
 */
function sentValues(context: IExecuteFunctions, op: Operation, param: RequestInput['param']) {
	const body: IDataObject = {};
	const qs: IDataObject = {};
	const place = (to: 'body' | 'query', property: string, value: unknown) =>
		Object.defineProperty(to === 'body' ? body : qs, property, {
			value,
			enumerable: true,
			writable: true,
			configurable: true,
		});
	const { parameters } = context.getNode();
	for (const field of op.fields ?? []) {
		if (parameters[field.name] === undefined || !isShown(context, field)) continue;
		const send = sendOf(field);
		if (send) place(send.type, send.property, param(field.name));
		else if (field.type === 'collection') {
			const given = (param(field.name, {}) ?? {}) as IDataObject;
			// An optional field that came out blank (a mapped empty cell) is not given: never sent. A search
			// keeps it, to refuse it (checkInput): left out, the search would widen; so does an amount, whose
			// blank is an expression that found nothing, not a choice to let the platform price it.
			for (const option of (field.options ?? []) as INodeProperties[]) {
				const inner = sendOf(option);
				const value = given[option.name];
				// A number is no text to leave out: blank, it cannot be read, and outside an update it is refused.
				const number = option.type === 'number' && !isUpdate(op);
				const kept = isSearch(op) || number || (inner && op.moneyFields?.includes(inner.property));
				const skip = isBlank(value) && !kept;
				if (inner && Object.prototype.hasOwnProperty.call(given, option.name) && !skip)
					place(inner.type, inner.property, value);
			}
		}
	}
	return { body, qs };
}

/**
 * What an operation is about to send for one item: the body and query of its fields, the path values its
 * template names, each parameter read once.
 */
export function readInput(
	context: IExecuteFunctions,
	op: Operation,
	itemIndex: number,
): RequestInput {
	const param = parameterReader(context, op, itemIndex);
	const { parameters } = context.getNode();
	const input: RequestInput = {
		path: {},
		...sentValues(context, op, param),
		param,
		given: (name) => !isBlank(parameters[name]),
		// A locator's mode is never an expression: read as stored, not evaluated again.
		picked: (name) => (parameters[name] as IDataObject | undefined)?.mode === 'list',
	};
	// An update leaves out a blank value of what it may change; a blank number of its own fields (the entry it
	// edits) stays, to be refused: left out, the update would become a create.
	const numbers = numberFieldsOf(op);
	if (isUpdate(op))
		for (const [field, value] of Object.entries(input.body))
			if (isBlank(value) && !numbers.get(field)?.topLevel) delete input.body[field];
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
	for (const field of op.dateTimeFields ?? []) {
		if (field in input.body) input.body[field] = toPlatformDateTime(input.body[field]) as string;
	}
	// Amounts, and any number an expression gave as its text, are sent as the number the spec types (an ID "5"
	// as 5); a number already is one (its shortest text reads back as itself).
	for (const field of [...(op.moneyFields ?? []), ...numbers.keys()]) {
		const text = decimalText(input.body[field]);
		const number = text === undefined ? undefined : exactNumber(text);
		if (number !== undefined) input.body[field] = number;
	}
	// The spec's 0/1 flags, offered as switches.
	for (const field of op.flagFields ?? []) {
		const value = input.body[field];
		if (typeof value === 'boolean') input.body[field] = value ? 1 : 0;
	}
	return input;
}

/** Refuses input the spec does not allow, naming the field and the rule, before anything is sent. */
export function checkInput(
	context: IExecuteFunctions,
	op: Operation,
	input: RequestInput,
	itemIndex: number,
): void {
	const refuse = (message: string) =>
		operationError(context.getNode(), message, {
			itemIndex,
			description: nothingSentFor(itemIndex),
		});
	// A switch mapped as anything but true or false (or 1 or 0) is refused before any other rule reads it.
	const notASwitch = switchRefusal(
		op,
		context.getNode().parameters,
		(name) => input.param(name, undefined),
		(field, within) => shownWithin(context, field, within),
	);
	if (notASwitch) throw refuse(notASwitch);
	for (const { name, optional } of pathParams(op.path)) {
		if (name === 'page') continue;
		const value = input.path[name];
		const label = op.fields?.find((field) => field.name === name)?.displayName ?? name;
		if (isDotSegment(value)) throw refuse(dotSegmentRefusal(label, name));
		// An optional value filled in (an expression) that came out blank: a write would take its default
		// (an ETF charged as of today) where the user meant a value.
		if (optional && !isRepeatable(op) && input.given?.(name) && isBlank(value))
			throw refuse(`${label} (${name}) came out blank: leave the field empty for its default`);
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
	const blank = isSearch(op) ? blankCriterion(op, input) : undefined;
	if (blank)
		throw refuse(
			`${fieldLabel(op.fields ?? [], blank)} (${blank}) came out blank: a blank criterion would match ` +
				'every record, so the search was not sent',
		);
	// A number a field carries (an amount, a rate, an ID), however the row sends it, reads as one or is refused:
	// never dropped, read as 0 or replaced by the platform's default (after the row's rules, which say more).
	const unreadable = unreadableNumber(
		op.fields ?? [],
		numberScope(context, op, input),
		context.getNode().parameters,
	);
	if (unreadable) throw refuse(unreadable);
	const limit = limitRefusal(op, input);
	if (limit) throw refuse(limit);
	// A value given by expression for a field with a fixed list is checked against it, as the editor would
	// (after the operation's own rules, whose messages say more where they exist).
	const unlisted = listedOptionsRefusal(op.fields ?? [], input);
	if (unlisted) throw refuse(unlisted);
	// Every body and query value as the spec types its field, or refused naming it: last, as the checks above
	// say more where they apply.
	const untyped = typedInputRefusal(op, input);
	if (untyped) throw refuse(untyped);
}

/** Whether a field is shown by its display rules, read against `within` (the values beside it). */
function shownWithin(
	context: IExecuteFunctions,
	field: INodeProperties,
	within: IDataObject,
): boolean {
	const node = context.getNode();
	const type = { name: node.type } as INodeTypeDescription;
	return NodeHelpers.displayParameter(
		within as INodeParameters,
		field,
		node,
		type,
		node.parameters,
	);
}

/** Where the number check reads: the item's values, each field's display rules, and the kind of operation. */
function numberScope(context: IExecuteFunctions, op: Operation, input: RequestInput): NumberScope {
	return {
		value: (name) => input.param(name, undefined),
		shown: (field, within) => shownWithin(context, field, within),
		given: (name) => input.given?.(name) ?? true,
		update: isUpdate(op),
	};
}

/**
 * A listing's Limit, with Return All off: a whole number of at least 1. Text or a blank would output nothing, and
 * -1 every record but the last, as if that were all.
 */
function limitRefusal(op: Operation, input: RequestInput): string | undefined {
	if (!op.list || input.param('returnAll', false)) return undefined;
	const limit = input.param('limit', 50);
	if (/^\s*[1-9]\d*\s*$/.test(String(limit ?? ''))) return undefined;
	return isBlank(limit)
		? 'Limit (limit) came out blank: give a whole number of at least 1'
		: `Limit (limit) must be a whole number of at least 1; it came out as ${JSON.stringify(String(limit))}`;
}

/** The first criterion of a search that came out blank, wherever the search sends it (query, body, rows). */
function blankCriterion(op: Operation, input: RequestInput): string | undefined {
	const sent = op.sendBody ? op.sendBody(input) : input.body;
	const rows = Array.isArray(sent) ? (sent as IDataObject[]) : [];
	for (const [name, value] of Object.entries(input.qs)) if (isBlank(value)) return name;
	if (!Array.isArray(sent))
		for (const [name, value] of Object.entries((sent ?? {}) as IDataObject))
			if (isBlank(value)) return name;
	const row = rows.find((one) => isBlank(one?.value));
	return row ? String(row.field ?? 'value') : undefined;
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
