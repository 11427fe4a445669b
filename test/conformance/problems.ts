import type { Problem, Type } from '../spec/types';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

function fits(type: Type, value: unknown): boolean {
	switch (type) {
		case 'string':
			return typeof value === 'string';
		case 'integer':
			return Number.isInteger(value);
		case 'number':
			return typeof value === 'number' && Number.isFinite(value);
		case 'boolean':
			return typeof value === 'boolean';
		case 'date':
			return typeof value === 'string' && DATE.test(value);
		case 'datetime':
			return typeof value === 'string' && DATETIME.test(value);
		case 'flag':
			return value === 0 || value === 1;
		case 'false':
			return value === false;
		case 'null':
			return value === null;
		case 'any':
			return true;
		default:
			return true;
	}
}

function describe(type: Type): string {
	if (typeof type === 'string')
		return type === 'flag'
			? '0 or 1'
			: type === 'false'
				? 'false'
				: `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
	if ('anyOf' in type) return type.anyOf.map(describe).join(' or ');
	if ('object' in type || 'map' in type) return 'an object';
	if ('array' in type) return 'an array';
	return 'valid';
}

/** Every way `value` departs from `type`, with the field's path (`callTypes[].ctid`, `payments.*.amount`). */
export function problemsOf(type: Type, value: unknown, field: string): Problem[] {
	const at = (name: string) => (field ? `${field}.${name}` : name);
	if (typeof type === 'string')
		return fits(type, value)
			? []
			: [{ field, problem: `must be ${describe(type)}, got ${JSON.stringify(value)}` }];
	if ('check' in type) return type.check(value, field);
	if ('anyOf' in type) {
		return type.anyOf.some((option) => problemsOf(option, value, field).length === 0)
			? []
			: [{ field, problem: `must be ${describe(type)}, got ${JSON.stringify(value)}` }];
	}
	if ('array' in type) {
		if (!Array.isArray(value))
			return [{ field, problem: `must be an array, got ${JSON.stringify(value)}` }];
		return value.flatMap((element) => problemsOf(type.array, element, `${field}[]`));
	}
	if (!isObject(value))
		return [{ field, problem: `must be an object, got ${JSON.stringify(value)}` }];
	if ('map' in type)
		return Object.values(value).flatMap((element) => problemsOf(type.map, element, at('*')));
	return Object.entries(value).flatMap(([key, element]) =>
		Object.prototype.hasOwnProperty.call(type.object, key)
			? problemsOf(type.object[key], element, at(key))
			: [{ field: at(key), problem: 'is not a field the spec documents for this endpoint' }],
	);
}
