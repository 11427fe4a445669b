import type { INodeProperties } from 'n8n-workflow';
import { ROWS } from '../harness/tables';

/*
 * A row's field says where its value goes with n8n's word, `routing.send`, but our item loop reads it
 * (operation/requestInput.ts), not n8n's RoutingNode: only `send.type` (body or query) and `send.property` are read.
 * A field using anything else of n8n's routing would be ignored silently, so it fails here, naming the field.
 */

function fieldsOf(fields: INodeProperties[] = []): INodeProperties[] {
	return fields.flatMap((field) => [
		field,
		...fieldsOf(
			((field.options ?? []) as Array<INodeProperties | { values?: INodeProperties[] }>).flatMap(
				(option) =>
					'values' in option && Array.isArray(option.values)
						? option.values
						: 'name' in option && 'type' in option
							? [option as INodeProperties]
							: [],
			),
		),
	]);
}

test('every field sends by `routing.send` type and property alone: nothing of n8n routing our loop would ignore', () => {
	const unread: string[] = [];
	let sending = 0;
	for (const { node, resource, op } of ROWS)
		for (const field of fieldsOf(op.fields)) {
			const routing = field.routing as Record<string, unknown> | undefined;
			if (!routing) continue;
			sending++;
			const where = `${node} ${resource} ${op.value}: ${field.name}`;
			const send = (routing.send ?? {}) as Record<string, unknown>;
			for (const key of Object.keys(routing))
				if (key !== 'send') unread.push(`${where} routing.${key}`);
			for (const key of Object.keys(send))
				if (!['type', 'property'].includes(key)) unread.push(`${where} routing.send.${key}`);
			if (!['body', 'query'].includes(String(send.type)))
				unread.push(`${where} routing.send.type ${String(send.type)}`);
		}
	expect(sending).toBeGreaterThan(100);
	expect(unread).toEqual([]);
});
