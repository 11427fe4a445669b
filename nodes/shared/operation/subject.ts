import { pathParams } from '../input/path';
import type { Operation } from './operations';
import { isBlank } from '../input/rules';
import type { RequestInput } from '../input/rules';

/** Which record the item was about, for a terse platform answer ("no customer found"): the ids given. */
export function subjectOf(op: Operation, input: RequestInput): string | undefined {
	const label = (name: string) => {
		const field = op.fields?.find((candidate) => candidate.name === name);
		return (field?.displayName ?? name).replace(/ (Name or ID|IDs?)$/, '').toLowerCase();
	};
	const named: string[] = [];
	const add = (name: string, value: unknown) => {
		if (isBlank(value) || typeof value === 'object') return;
		named.push(`${label(name)} ${String(value).trim()}`);
	};
	// Path values that pick a record; a date or a fixed choice (a status) is no record.
	for (const { name } of pathParams(op.path)) {
		const field = op.fields?.find((candidate) => candidate.name === name);
		const fixedChoice = field?.type === 'options' && !field.typeOptions?.loadOptionsMethod;
		if (name !== 'page' && !op.dateFields?.includes(name) && !fixedChoice)
			add(name, input.path[name]);
	}
	// Ids sent in the body through a picker (customer, service, bundle, product…).
	for (const field of op.fields ?? []) {
		const property = field.routing?.send?.property;
		const picker =
			field.type === 'resourceLocator' || Boolean(field.typeOptions?.loadOptionsMethod);
		if (picker && field.routing?.send?.type === 'body' && typeof property === 'string')
			add(field.name, input.body[property]);
	}
	return named.length ? named.join(', ') : undefined;
}
