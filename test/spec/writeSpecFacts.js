// `npm run generate:spec-facts`: writes nodes/shared/platform/specFacts.ts, specTypes.ts and reportFacts.ts from the spec source
// (test/spec/), in prettier's format. Plain JavaScript run by tsx: the lint's shipped-code rules (no fs) apply to
// every .ts file.
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const prettier = require('prettier');
const { SPEC } = require('./index.ts');
const { specFactsOf } = require('./shipped.ts');
const { REPORT_FIELDS, reportKey } = require('./reportRows.ts');

const writtenBy = (test) => `/*
 * Written by \`npm run generate:spec-facts\` from the spec source (test/spec/): do not edit by hand.
 * ${test} fails whenever this differs from what the spec source gives.
 */`;
const WRITTEN = writtenBy('test/spec/specFacts.test.ts');

const FACTS_HEAD = `import type { SentType } from '../input/sentTypes';
import * as types from './specTypes';

${WRITTEN}

/** One endpoint as the nodes address it (the path after the key): whether it reads or writes, and its types. */
export interface EndpointFacts {
	method: 'GET' | 'POST';
	/** As the spec's endpoint table writes it, without \`/{api_key}\`. */
	path: string;
	/** Whether the request changes what the platform holds: how it is retried, reported and kept in a Dry Run. */
	kind: 'read' | 'write';
	/** The path is also documented without its last segment, \`/{date}\`. */
	dateOptional?: true;
	/** The body's type, unshown fields the package sends included. */
	body?: SentType;
	/** Each query parameter's type. */
	query?: Record<string, SentType>;
}
`;

const TYPES_HEAD = `import type { SentType } from '../input/sentTypes';

${WRITTEN}

// The body and query types of the spec's endpoints (specFacts.ts names each), each written once.
`;

const REPORTS_HEAD = `${writtenBy('test/spec/reportFields.test.ts')}

/*
 * The reports the spec lists, their rows' fields and what tells one row from another. A report name is data (Report
 * → Other, an expression): these tables are read through the functions below, which answer for the listed reports
 * only, never with a key every object has ("constructor", "toString").
 */
`;

const REPORTS_TAIL = `
const listed = (report: string) => Object.prototype.hasOwnProperty.call(FIELDS, report);

/** The reports the spec lists, in its order. */
export const REPORT_NAMES: readonly string[] = Object.keys(FIELDS);

/** A listed report's row fields in the spec's order; undefined for any other name. */
export function reportFields(report: string): string[] | undefined {
	return listed(report) ? [...FIELDS[report]] : undefined;
}

/** What tells a listed report's rows apart (none for a report of one row); undefined for any other name. */
export function reportRowKey(report: string): string[] | undefined {
	return listed(report) ? [...KEYS[report]] : undefined;
}
`;

const table = (entries) =>
	`{\n${entries.map(([name, list]) => `\t${name}: ${JSON.stringify(list)},`).join('\n')}\n}`;

/** A name for an endpoint's body or query: its path's fixed words, camel-cased. */
function nameOf(path, what) {
	const words = path
		.split('/')
		.filter((segment) => segment && !segment.startsWith('{'))
		.flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
		.filter(Boolean);
	const camel = words
		.map((word, at) => (at ? word[0].toUpperCase() + word.slice(1) : word))
		.join('');
	return `${camel}${what}`;
}

const literal = (type) =>
	typeof type !== 'object'
		? JSON.stringify(type)
		: 'object' in type
			? `{ object: { ${Object.entries(type.object)
					.map(([name, t]) => `${/^\w+$/.test(name) ? name : JSON.stringify(name)}: ${literal(t)}`)
					.join(', ')} } }`
			: 'array' in type
				? `{ array: ${literal(type.array)} }`
				: 'map' in type
					? `{ map: ${literal(type.map)} }`
					: `{ anyOf: [${type.anyOf.map(literal).join(', ')}] }`;

async function format(file, source) {
	const options = await prettier.resolveConfig(file);
	writeFileSync(file, await prettier.format(source, { ...options, filepath: file }));
}

async function main() {
	const facts = specFactsOf(SPEC);
	const names = new Map();
	const constants = [];
	const named = (type, path, what) => {
		const key = JSON.stringify(type);
		if (!names.has(key)) {
			let name = nameOf(path, what);
			while ([...names.values()].includes(name)) name = `${name}2`;
			names.set(key, name);
			constants.push(`export const ${name}: SentType = ${literal(type)};`);
		}
		return `types.${names.get(key)}`;
	};
	const rows = facts.map(
		(f) =>
			`{ method: '${f.method}', path: '${f.path}', kind: '${f.kind}'` +
			(f.dateOptional ? ', dateOptional: true' : '') +
			(f.body ? `, body: ${named(f.body, f.path, 'Body')}` : '') +
			(f.query
				? `, query: { ${Object.entries(f.query)
						.map(([name, t]) => `${name}: ${literal(t)}`)
						.join(', ')} }`
				: '') +
			' }',
	);
	const folder = join(__dirname, '..', '..', 'nodes', 'shared', 'platform');
	await format(join(folder, 'specTypes.ts'), `${TYPES_HEAD}\n${constants.join('\n')}\n`);
	await format(
		join(folder, 'specFacts.ts'),
		`${FACTS_HEAD}\n/** Every endpoint of the spec, in the spec source's order. */\n` +
			`export const SPEC_FACTS: EndpointFacts[] = [\n${rows.join(',\n')},\n];\n`,
	);
	const reports = Object.keys(REPORT_FIELDS);
	// Each name becomes a key of an object literal: one such as __proto__ would set its prototype instead.
	const odd = reports.filter((name) => !/^[A-Za-z][A-Za-z0-9]*$/.test(name));
	if (odd.length)
		throw new Error(`Report names the generator cannot write as keys: ${odd.join(', ')}`);
	await format(
		join(folder, 'reportFacts.ts'),
		`${REPORTS_HEAD}\n/**\n * Each report's row fields as the spec lists them (fields a report adds per configured fee or ` +
			`service type\n * are not known before it runs).\n */\n` +
			`const FIELDS: Record<string, readonly string[]> = ${table(reports.map((r) => [r, REPORT_FIELDS[r]]))};\n\n` +
			`/**\n * What tells each report's rows apart: the record ids a row carries, else what the report is by; none for ` +
			`a\n * report of one row.\n */\n` +
			`const KEYS: Record<string, readonly string[]> = ${table(reports.map((r) => [r, reportKey(r)]))};\n` +
			REPORTS_TAIL,
	);
	console.log(
		`${folder}: ${facts.length} endpoints, ${constants.length} body types, ${reports.length} reports`,
	);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
