// `npm run generate:spec-facts`: writes nodes/shared/platform/specFacts.ts and specTypes.ts from the spec source
// (test/spec/), in prettier's format. Plain JavaScript run by tsx: the lint's shipped-code rules (no fs) apply to
// every .ts file.
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const prettier = require('prettier');
const { SPEC } = require('./index.ts');
const { specFactsOf } = require('./shipped.ts');

const WRITTEN = `/*
 * Written by \`npm run generate:spec-facts\` from the spec source (test/spec/): do not edit by hand.
 * test/spec/specFacts.test.ts fails whenever this differs from what the spec source gives.
 */`;

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
	console.log(`${folder}: ${facts.length} endpoints, ${constants.length} body types`);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
