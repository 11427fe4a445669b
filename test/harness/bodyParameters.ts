import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import { SEEDED, aValueFor } from './tables';
import type { Row } from './tables';

/*
 * Parameters that make a row send its body fields on the seeded simulator: its required fields and every
 * collection option filled with a value the platform's formats take (test/conformance/bodyFields.test.ts sends each
 * field so; test/properties/sentTypes.test.ts varies each one).
 */

/** Values the platform's formats ask for; otherwise a seeded record's ID or a plain value of the type. */
export const GIVEN: Record<string, unknown> = {
	...SEEDED,
	category: 'note',
	token: 'a'.repeat(64),
	password: 'long enough 1',
	password_confirm: 'long enough 1',
	cc_number: '4111111111111111',
	cc_expmonth: '07',
	cc_expyear: '2030',
	cc_ccv: '123',
};

/** Fields that choose what is sent rather than being sent. */
export const CHOOSERS: Record<string, string> = {
	pay_with: 'Take Payment sends the one payment source it names (card_on_file, bank_on_file, …)',
};

let people = 0;

/** A value the field takes: a dropdown loaded from the platform takes ID 1, as a picked value is. */
export function valueFor(field: INodeProperties): unknown {
	const first = (field.options as Array<{ value: unknown }> | undefined)?.[0]?.value;
	const loaded = Boolean(field.typeOptions?.loadOptionsMethod);
	if (field.type === 'options' && loaded) return 1;
	// A new person each time: Create or Update then creates, sending every field, on a simulator it shares.
	if (field.name === 'email') return `new.person.${people}@example.net`;
	if (GIVEN[field.name] !== undefined) return GIVEN[field.name];
	if (field.type === 'options') return first ?? field.default;
	if (field.type === 'multiOptions') return [loaded ? 1 : first];
	if (field.type === 'boolean') return true;
	return aValueFor(field, GIVEN as Record<string, string>);
}

export interface BodyField {
	field: INodeProperties;
	/** The key it is sent under. */
	property: string;
	/** Where it is sent. */
	to: 'body' | 'query';
	/** The collection it is an option of. */
	collection?: INodeProperties;
}

/** The fields a row sends by their routing (`to`: body, query or both), its collections' options included. */
export function bodyFields(
	fields: INodeProperties[],
	to: Array<'body' | 'query'> = ['body'],
): BodyField[] {
	const sent = (field: INodeProperties, collection?: INodeProperties): BodyField[] => {
		const send = field.routing?.send;
		const where = send?.type === 'query' ? 'query' : 'body';
		return send && to.includes(where) && !CHOOSERS[field.name]
			? [{ field, property: String(send.property ?? field.name), to: where, collection }]
			: [];
	};
	return fields.flatMap((field) =>
		field.type === 'collection'
			? ((field.options ?? []) as INodeProperties[]).flatMap((option) => sent(option, field))
			: sent(field),
	);
}

/**
 * The row's required fields and every collection filled (one rule may need several fields, as a charge item
 * its description), the given field, and the body fields shown with it (a card's five).
 */
export function parameters(row: Row, given: BodyField): INodeParameters {
	const out: INodeParameters = {};
	people += 1;
	const show = given.field.displayOptions?.show;
	for (const field of row.op.fields ?? []) {
		const shownWith =
			show &&
			field.routing?.send &&
			JSON.stringify(field.displayOptions?.show) === JSON.stringify(show);
		if (field.type === 'collection')
			out[field.name] = Object.fromEntries(
				((field.options ?? []) as INodeProperties[])
					.filter((option) => option.routing?.send)
					.map((option) => [option.name, valueFor(option)]),
			) as INodeParameters;
		else if (field.required || GIVEN[field.name] !== undefined || shownWith)
			out[field.name] = valueFor(field) as string;
	}
	for (const [name, values] of Object.entries(show ?? {}))
		out[name] = (values as unknown[])[0] as string;
	if (!given.collection) out[given.field.name] = valueFor(given.field) as string;
	return out;
}

/** Every key a body carries, in the records of an array body and in nested records too. */
export function keysOf(body: unknown): string[] {
	if (Array.isArray(body)) return body.flatMap(keysOf);
	if (!body || typeof body !== 'object') return [];
	return Object.entries(body as IDataObject).flatMap(([key, value]) => [key, ...keysOf(value)]);
}
