import type {
	IDataObject,
	IDisplayOptions,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeType,
} from 'n8n-workflow';

/*
 * What a saved workflow's parameters mean, per node version and per operation: every parameter an operation
 * shows (nested ones by path, `additionalFields.email`), with the type, default, choices and conditions a saved
 * value is read with. Two descriptions are compared on this, so that regrouping the same fields (one property
 * shown for several operations, or one per operation) changes nothing, and a real change of meaning does.
 */

/** One parameter as a saved workflow depends on it. */
export interface SavedParameter {
	type: string;
	default: unknown;
	required?: true;
	/** The values an options or multiOptions parameter accepts (none for one loaded from the platform). */
	options?: Array<string | number | boolean>;
	/** Several values stored as a list (fixedCollection, and strings or numbers with multipleValues). */
	multipleValues?: true;
	/** The modes a resource locator's stored value may name. */
	modes?: string[];
}

/** Per version, per `resource/operation` (or `*` for a node without them), per parameter key. */
export type DescriptionSnapshot = Record<
	string,
	Record<string, Record<string, Record<string, SavedParameter>>>
>;

type Condition = Array<string | number | boolean | { _cnd: Record<string, unknown> }>;

export function versionsOf(node: INodeType): number[] {
	const { version } = node.description;
	return Array.isArray(version) ? version : [version];
}

/** Whether a `@version` condition holds for `version` (n8n's `_cnd` comparisons as the nodes use them). */
function holds(condition: Condition[number], version: number): boolean {
	if (typeof condition !== 'object') return condition === version;
	const [[operator, value]] = Object.entries(condition._cnd);
	const bound = Number(value);
	switch (operator) {
		case 'gte':
			return version >= bound;
		case 'gt':
			return version > bound;
		case 'lte':
			return version <= bound;
		case 'lt':
			return version < bound;
		case 'eq':
			return version === bound;
		case 'not':
			return version !== bound;
		default:
			throw new Error(`@version condition ${operator} is not read by the snapshot (test/upgrade)`);
	}
}

function shownInVersion(options: IDisplayOptions | undefined, version: number): boolean {
	const show = options?.show?.['@version'] as Condition | undefined;
	const hide = options?.hide?.['@version'] as Condition | undefined;
	return (!show || show.some((c) => holds(c, version))) && !hide?.some((c) => holds(c, version));
}

/** Whether a property shows for the resource and operation (its other conditions are kept in its key). */
function shownFor(options: IDisplayOptions | undefined, resource: string, operation: string) {
	const includes = (list: unknown, value: string) =>
		(list as unknown[]).map(String).includes(value);
	const { show = {}, hide = {} } = options ?? {};
	return (
		(!show.resource || includes(show.resource, resource)) &&
		(!show.operation || includes(show.operation, operation)) &&
		!(hide.resource && includes(hide.resource, resource)) &&
		!(hide.operation && includes(hide.operation, operation))
	);
}

/** The conditions a parameter shows under beyond resource, operation and version, in a stable spelling. */
function otherConditions(options: IDisplayOptions | undefined): string {
	const rest: IDataObject = {};
	for (const side of ['show', 'hide'] as const) {
		const kept = Object.entries(options?.[side] ?? {})
			.filter(([name]) => !['resource', 'operation', '@version'].includes(name))
			.sort(([a], [b]) => a.localeCompare(b));
		if (kept.length) rest[side] = Object.fromEntries(kept) as IDataObject;
	}
	return Object.keys(rest).length ? ` when ${JSON.stringify(rest)}` : '';
}

function savedParameter(property: INodeProperties): SavedParameter {
	const saved: SavedParameter = { type: property.type, default: property.default ?? null };
	if (property.required) saved.required = true;
	if (
		(property.type === 'options' || property.type === 'multiOptions') &&
		!property.typeOptions?.loadOptionsMethod
	)
		saved.options = (property.options as INodePropertyOptions[]).map(({ value }) => value);
	if (property.typeOptions?.multipleValues) saved.multipleValues = true;
	if (property.type === 'resourceLocator') saved.modes = (property.modes ?? []).map((m) => m.name);
	return saved;
}

/** A property and the parameters inside it (collection options, fixedCollection groups), by path. */
function flatten(
	property: INodeProperties,
	path: string,
	version: number,
	into: Record<string, SavedParameter>,
): void {
	if (!shownInVersion(property.displayOptions, version)) return;
	const key = `${path}${otherConditions(property.displayOptions)}`;
	into[key] = savedParameter(property);
	if (property.type === 'collection')
		for (const option of (property.options ?? []) as INodeProperties[])
			flatten(option, `${path}.${option.name}`, version, into);
	if (property.type === 'fixedCollection')
		for (const group of (property.options ?? []) as INodePropertyCollection[])
			for (const value of group.values)
				flatten(value, `${path}.${group.name}.${value.name}`, version, into);
}

function resourcesOf(properties: INodeProperties[]): string[] {
	const resource = properties.find(({ name }) => name === 'resource');
	if (!resource) return [''];
	if (resource.type === 'hidden') return [String(resource.default)];
	return (resource.options as INodePropertyOptions[]).map(({ value }) => String(value));
}

function operationsOf(properties: INodeProperties[], resource: string): string[] {
	const values = properties
		.filter(({ name }) => name === 'operation')
		.filter(({ displayOptions }) => shownFor(displayOptions, resource, ''))
		.flatMap((property) =>
			property.options
				? (property.options as INodePropertyOptions[]).map(({ value }) => String(value))
				: [String(property.default)],
		);
	return values.length ? [...new Set(values)] : [''];
}

/** The node's parameters as saved workflows depend on them, per version and per operation. */
export function snapshotOf(node: INodeType): DescriptionSnapshot[string] {
	const { properties } = node.description;
	const byVersion: DescriptionSnapshot[string] = {};
	for (const version of versionsOf(node)) {
		const byOperation: Record<string, Record<string, SavedParameter>> = {};
		for (const resource of resourcesOf(properties))
			for (const operation of operationsOf(properties, resource)) {
				const parameters: Record<string, SavedParameter> = {};
				for (const property of properties)
					if (shownFor(property.displayOptions, resource, operation))
						flatten(property, property.name, version, parameters);
				byOperation[resource || operation ? `${resource}/${operation}` : '*'] = parameters;
			}
		byVersion[String(version)] = byOperation;
	}
	return byVersion;
}

/**
 * What a saved workflow would meet in `now` that it did not in `saved`: an operation or a parameter gone (or
 * renamed, or shown under other conditions), another type or default, a choice gone, a list made a single value
 * or the reverse, a resource locator mode gone, or a required parameter added to an existing operation.
 * Anything added that leaves a saved workflow as it ran (an optional parameter, an operation, a choice, a
 * version) is not a break.
 */
export function breaks(saved: DescriptionSnapshot, now: DescriptionSnapshot): string[] {
	const found: string[] = [];
	for (const [node, versions] of Object.entries(saved)) {
		if (!now[node]) {
			found.push(`${node}: the node is gone`);
			continue;
		}
		for (const [version, operations] of Object.entries(versions)) {
			const nowOperations = now[node][version];
			if (!nowOperations) {
				found.push(`${node} v${version}: the version is gone`);
				continue;
			}
			for (const [operation, parameters] of Object.entries(operations)) {
				const at = `${node} v${version} ${operation}`;
				const nowParameters = nowOperations[operation];
				if (!nowParameters) {
					found.push(`${at}: the operation is gone`);
					continue;
				}
				for (const [key, was] of Object.entries(parameters)) {
					const is = nowParameters[key];
					if (!is) {
						found.push(`${at}: ${key} is gone (removed, renamed or shown under other conditions)`);
						continue;
					}
					for (const field of ['type', 'default', 'multipleValues'] as const)
						if (JSON.stringify(was[field]) !== JSON.stringify(is[field]))
							found.push(
								`${at}: ${key} ${field} was ${JSON.stringify(was[field])}, is ${JSON.stringify(is[field])}`,
							);
					for (const [field, list] of [
						['choice', was.options],
						['mode', was.modes],
					] as const) {
						const nowList: unknown[] = (field === 'choice' ? is.options : is.modes) ?? [];
						for (const value of list ?? [])
							if (!nowList.includes(value))
								found.push(`${at}: ${key} ${field} ${JSON.stringify(value)} is gone`);
					}
				}
				for (const [key, is] of Object.entries(nowParameters))
					if (!parameters[key] && is.required && !key.includes('.'))
						found.push(`${at}: ${key} is new and required; a saved workflow does not hold it`);
			}
		}
	}
	return found;
}

/**
 * Every way `now` differs from `saved`, additions included, one line each: what the snapshot would change by if
 * it were written now. `breaks` says which of them a saved workflow would meet; this says the snapshot is stale.
 */
export function differences(saved: DescriptionSnapshot, now: DescriptionSnapshot): string[] {
	const found: string[] = [];
	const walk = (was: unknown, is: unknown, at: string[], depth: number): void => {
		const label = at.join(' ');
		if (was === undefined) found.push(`${label}: added`);
		else if (is === undefined) found.push(`${label}: removed`);
		// A parameter is compared whole: its type, default, choices, flags.
		else if (depth === 4) {
			if (JSON.stringify(was) !== JSON.stringify(is))
				found.push(`${label}: was ${JSON.stringify(was)}, is ${JSON.stringify(is)}`);
		} else {
			const a = was as Record<string, unknown>;
			const b = is as Record<string, unknown>;
			for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
				walk(a[key], b[key], [...at, depth === 1 ? `v${key}` : key], depth + 1);
		}
	};
	walk(saved, now, [], 0);
	return found;
}
