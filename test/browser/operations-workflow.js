// The browser check's workflow: one node for every operation of every node (per report for the Report node,
// the trigger with two events), each filled in as a user would: required fields with the seeded platform's
// records, dropdowns with a value they offer, customer and service pickers with a pick from their list.
const { join } = require('node:path');

function nodeTypes(root) {
	const { n8n } = require(join(root, 'package.json'));
	return n8n.nodes.map((file) => {
		// A node file exports its class and its operation tables: the class is the one export that is a function.
		const NodeType = Object.values(require(join(root, file))).find(
			(value) => typeof value === 'function',
		);
		return new NodeType().description;
	});
}

const choices = (property) => (property?.type === 'options' ? property.options : []);

/** Parameter values that pick what the node does: resource and operation, the report, the events. */
function variantsOf(description) {
	const find = (name) => description.properties.filter((p) => p.name === name);
	const events = find('events').find((p) => p.type === 'multiOptions');
	if (events) return [{ events: events.options.slice(0, 2).map((o) => o.value) }];
	// One event to choose (the Report Trigger): each event, and each report for an event that asks for one.
	const event = find('event').find((p) => p.type === 'options');
	if (event)
		return choices(event).flatMap(({ value }) => {
			const asked = find('report').find((p) => p.displayOptions?.show?.event?.includes(value));
			return asked
				? choices(asked).map((o) => ({ event: value, report: o.value }))
				: [{ event: value }];
		});
	const reports = choices(find('report')[0]);
	if (reports.length) return reports.map((o) => ({ report: o.value }));
	const resources = choices(find('resource')[0]).map((o) => o.value);
	const variants = [];
	for (const resource of resources.length ? resources : [undefined]) {
		const operations = find('operation').filter(
			(p) =>
				p.type === 'options' && (!resource || p.displayOptions?.show?.resource?.includes(resource)),
		);
		for (const operation of operations)
			for (const option of operation.options)
				variants.push({ ...(resource ? { resource } : {}), operation: option.value });
		if (operations.length === 0) variants.push(resource ? { resource } : {});
	}
	return variants;
}

/** What the variant reads as in the editor: the options' names, e.g. "Service Bundle Update". */
function labelOf(description, variant) {
	return Object.entries(variant)
		.flatMap(([name, value]) =>
			[value].flat().map((v) => {
				const options = description.properties
					.filter((p) => p.name === name && p.options)
					.flatMap((p) => p.options);
				return options.find((o) => o.value === v)?.name ?? String(v);
			}),
		)
		.join('events' in variant ? ', ' : ' ');
}

/** `<variant values>.<name>`, then shorter, then the name alone: the most particular value wins. */
function givenValue(values, variant, name) {
	const path = Object.values(variant).flat().map(String);
	for (let n = path.length; n >= 0; n--) {
		const key = [...path.slice(0, n), name].join('.');
		if (key in values) return { found: true, value: values[key] };
	}
	return { found: false };
}

function plainFiller(property) {
	if (property.type === 'number') return 1;
	if (property.type === 'options' && property.options?.length)
		return property.default !== '' ? property.default : property.options[0].value;
	if (property.type === 'dateTime' || /date/i.test(property.name)) return '2026-11-01';
	if (property.type === 'string') return 'Editor check';
	return undefined;
}

/** A date as n8n's date picker stores it: with a time (a bare YYYY-MM-DD shows as an empty picker). */
function asPicked(property, value) {
	return property.type === 'dateTime' && /^\d{4}-\d{2}-\d{2}$/.test(String(value))
		? `${value}T00:00:00`
		: value;
}

/**
 * One node per variant, each with its required values given. `lists` asks the running n8n what a dropdown
 * offers (`options`) and what a picker lists (`search`), as the editor does; `values` and `locators` come
 * from platform-records.js. Whatever a dropdown or picker does not offer goes into `problems`. Returns the
 * nodes, and for each the names of the choices (resource, operation, report, events) its panel must show.
 */
async function workflowNodes({ root, credentialIds, values, locators, lists, problems }) {
	const { NodeHelpers } = require('n8n-workflow');
	const nodes = [];
	const choices = new Map();
	for (const description of nodeTypes(root)) {
		const type = `CUSTOM.${description.name}`;
		const credentials = Object.fromEntries(
			(description.credentials ?? [])
				.filter((c) => credentialIds[c.name])
				.map((c) => [c.name, { id: credentialIds[c.name], name: c.name }]),
		);
		// "Trigger", "Report Trigger", "Report": names of their own (two nodes of one name are refused).
		const short = description.displayName.replace(/^Telco Billing /, '');
		for (const variant of variantsOf(description)) {
			// A report watched for its rows is named by the report alone: both names cut at 60 would collide.
			const named = variant.event && variant.report ? { report: variant.report } : variant;
			const name = `${short}: ${labelOf(description, named)}`.slice(0, 60);
			const parameters = { ...variant };
			const node = { parameters, type, typeVersion: 1 };
			const ask = { type, credentials };
			// Twice: a filled value may show more fields.
			for (let pass = 0; pass < 2; pass++) {
				const current = NodeHelpers.getNodeParameters(
					description.properties,
					parameters,
					true,
					false,
					node,
					description,
				);
				for (const property of description.properties) {
					if (property.name in variant || property.name in parameters) continue;
					if (!NodeHelpers.displayParameter(current, property, node, description)) continue;
					const given = givenValue(values, variant, property.name);
					const value = current[property.name];
					const empty =
						value === '' || value === undefined || (value?.__rl === true && value.value === '');
					const filled = { ...current, ...parameters };
					if (property.type === 'resourceLocator') {
						const picked = await pick(property, locators, filled, ask, lists);
						if (picked.problem) problems.push(`${name}: ${picked.problem}`);
						else if (picked.value) parameters[property.name] = picked.value;
					} else if (property.typeOptions?.loadOptionsMethod && (empty || given.found)) {
						const chosen = await choose(property, given, filled, ask, lists);
						if (chosen.problem) problems.push(`${name}: ${chosen.problem}`);
						else parameters[property.name] = chosen.value;
					} else if (given.found || (property.required && empty)) {
						const filler = given.found ? given.value : plainFiller(property);
						if (filler !== undefined) parameters[property.name] = asPicked(property, filler);
					}
				}
			}
			// The choices that pick the operation: the editor must show them, or the user cannot change it.
			const shown = Object.keys(variant).filter((key) =>
				description.properties.some(
					(p) =>
						p.name === key &&
						['options', 'multiOptions'].includes(p.type) &&
						NodeHelpers.displayParameter({ ...parameters }, p, node, description),
				),
			);
			choices.set(name, shown);
			nodes.push({
				id: `n${nodes.length}`,
				name,
				type,
				typeVersion: 1,
				position: [(nodes.length % 8) * 260, Math.floor(nodes.length / 8) * 200],
				parameters,
				credentials,
			});
		}
	}
	return { nodes, choices };
}

/** A dropdown's value: the one given (when offered), else the first it offers. */
async function choose(property, given, parameters, ask, lists) {
	const method = property.typeOptions.loadOptionsMethod;
	const label = property.displayName;
	let offered;
	try {
		offered = await lists.options(ask, property.name, method, parameters);
	} catch (error) {
		return { problem: `${label} does not load: ${error.message}` };
	}
	if (offered.length === 0) return { problem: `${label} offers nothing (${method})` };
	const multi = property.type === 'multiOptions';
	if (given.found) {
		const wanted = [given.value].flat();
		const missing = wanted.filter((w) => !offered.some((o) => o.value === w));
		if (missing.length)
			return { problem: `${label} does not offer ${missing.join(', ')} (${method})` };
		return { value: given.value };
	}
	return { value: multi ? [offered[0].value] : offered[0].value };
}

/** A picker's value: the seeded record, picked from the list the picker searches. */
async function pick(property, locators, parameters, ask, lists) {
	const listMode = property.modes?.find((m) => m.typeOptions?.searchListMethod);
	const method = listMode?.typeOptions.searchListMethod;
	const record = locators[method];
	if (!record) return {};
	let results;
	try {
		({ results } = await lists.search(ask, property.name, method, record.filter, parameters));
	} catch (error) {
		return { problem: `${property.displayName} does not load: ${error.message}` };
	}
	const found = results.find((r) => String(r.value) === String(record.id));
	if (!found)
		return { problem: `${property.displayName} does not list ${record.id} for "${record.filter}"` };
	return {
		value: {
			__rl: true,
			mode: listMode.name,
			value: String(found.value),
			cachedResultName: found.name,
		},
	};
}

module.exports = { nodeTypes, workflowNodes };
