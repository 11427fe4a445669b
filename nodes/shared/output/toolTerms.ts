import type { INodeParameters, INodeProperties } from 'n8n-workflow';

// `$fromAI('text', …)`: the name of the argument a tool's model fills a parameter from.
const FROM_AI = /\$fromAI\(\s*(['"`])([^'"`]+)\1/g;

/** The argument each parameter of a tool is filled from, by parameter name (a collection's by its field's). */
export function aiArguments(parameters: INodeParameters): Map<string, string> {
	const found = new Map<string, string>();
	const visit = (name: string, value: unknown) => {
		if (typeof value === 'string') {
			const keys = [...value.matchAll(FROM_AI)].map((match) => match[2]);
			if (keys.length) found.set(name, keys.join('" or "'));
		} else if (value && typeof value === 'object')
			for (const [inner, nested] of Object.entries(value as INodeParameters))
				visit(inner === 'value' || inner === '__rl' || inner === 'mode' ? name : inner, nested);
	};
	for (const [name, value] of Object.entries(parameters)) visit(name, value);
	return found;
}

/**
 * A message as the tool's model reads it: a field named as the editor shows it ("Search Value (value)") is
 * named by the argument the model filled ("text"), since the model never saw the editor.
 */
export function inToolTerms(
	message: string,
	fields: INodeProperties[],
	args: Map<string, string>,
): string {
	let said = message;
	const all = fields.flatMap((field) => [
		field,
		...(field.type === 'collection' ? ((field.options ?? []) as INodeProperties[]) : []),
	]);
	for (const field of all) {
		const key = args.get(field.name);
		if (key)
			said = said.split(`${field.displayName} (${field.name})`).join(`the argument "${key}"`);
	}
	return said.charAt(0).toUpperCase() + said.slice(1);
}
