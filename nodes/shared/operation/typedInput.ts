import type { IDataObject, INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import type { RequestInput } from '../input/rules';
import type { SentPath } from '../input/sentTypes';
import { endpointFor, typedRequest } from '../platform/endpointFacts';
import type { Operation } from './operations';

/*
 * Every operation's body and query, checked by the spec's type of each field before anything is sent
 * (input/sentTypes.ts): the body as the row will send it (its own `sendBody`, or the fields it routes), each value
 * converted to its type or refused naming the field. The transport reads each request again by the same types as
 * it leaves (transport.ts), for what is only known at send time (a customer's ID, a count made first).
 */

const isRecord = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Customer references (`cid`, wherever the body has one) are names, account numbers or IDs until the item's one
 * identity rule makes each the customer's integer ID (operation/customerRef.ts): set aside here, put back after.
 */
function withoutCustomerRefs(body: unknown): { body: unknown; refs: Map<number, unknown> } {
	const refs = new Map<number, unknown>();
	const strip = (element: unknown, at: number) => {
		if (!isRecord(element) || !('cid' in element)) return element;
		refs.set(at, element.cid);
		return Object.fromEntries(Object.entries(element).filter(([key]) => key !== 'cid'));
	};
	return { body: Array.isArray(body) ? body.map(strip) : strip(body, -1), refs };
}

function withCustomerRefs(body: unknown, refs: Map<number, unknown>): unknown {
	const put = (element: unknown, at: number) =>
		refs.has(at) && isRecord(element) ? { ...element, cid: refs.get(at) } : element;
	return Array.isArray(body) ? body.map(put) : put(body, -1);
}

/** Every field of a row, its collections' options and its rows' values included, by the name it is sent as. */
function fieldsByName(fields: INodeProperties[], into = new Map<string, INodeProperties>()) {
	for (const field of fields) {
		const sent = field.routing?.send?.property;
		for (const name of [typeof sent === 'string' ? sent : undefined, field.name])
			if (name && !into.has(name)) into.set(name, field);
		if (field.type === 'collection') fieldsByName((field.options ?? []) as INodeProperties[], into);
		if (field.type === 'fixedCollection')
			for (const group of (field.options ?? []) as INodePropertyCollection[])
				fieldsByName(group.values, into);
	}
	return into;
}

/** Where a value is, as the row's fields name it: `Products (products) row 1: Unit Price (price)`. */
function fieldText(op: Operation, path: SentPath, oneRow: boolean): string {
	const fields = fieldsByName(op.fields ?? []);
	const parts = oneRow && typeof path[0] === 'number' ? path.slice(1) : path;
	let text = '';
	for (const part of parts) {
		if (typeof part === 'number') text += ` row ${part + 1}:`;
		else {
			const field = fields.get(part);
			text += `${text ? ' ' : ''}${field ? `${field.displayName} (${part})` : part}`;
		}
	}
	return text.replace(/:$/, '');
}

/**
 * The refusal of the first body or query value of this item that its field's type in the spec cannot hold exactly,
 * naming the field; undefined when every one is held, the routed body and query then sent as converted. A value
 * is never dropped, rounded or replaced here: it is sent as its type, or nothing is sent.
 */
export function typedInputRefusal(op: Operation, input: RequestInput): string | undefined {
	const facts = endpointFor(op.method, op.path);
	if (!facts) throw new Error(`${op.method} ${op.path} is not an endpoint of the spec`);
	// An operation assembled from several requests sends its own bodies (each read as it leaves), not this one.
	const own = op.sendBody
		? op.sendBody(input)
		: op.answerFrom && Object.keys(input.body).length === 0
			? undefined
			: input.body;
	const body = op.method === 'GET' || !facts.body ? undefined : withoutCustomerRefs(own);
	const typed = typedRequest(facts, body?.body, input.qs);
	if ('problem' in typed) {
		const oneRow = Array.isArray(own) && own.length === 1;
		const where = fieldText(op, typed.path, oneRow) || typed.part;
		// A secret (a card number) is never quoted: its refusal says only what it must be.
		const secret = typed.path.some((part) => op.secretFields?.includes(String(part)));
		return secret
			? `${where} is not a value its type in the spec holds exactly (the value is kept out of this message)`
			: `${where} ${typed.problem}`;
	}
	if (body && !op.sendBody && isRecord(typed.body))
		input.body = withCustomerRefs(typed.body, body.refs) as IDataObject;
	if (isRecord(typed.qs)) input.qs = typed.qs;
	return undefined;
}
