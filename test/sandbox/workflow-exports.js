// CI guard: every member the built package takes from n8n-workflow must be an export of the n8n-workflow the
// oldest supported n8n line runs. The package's own n8n-workflow (a devDependency) is newer than some lines a
// user may run, and a member missing there is `undefined` only when the node runs: `new undefined(...)` in an
// error path nobody saw, or a connection type n8n cannot draw.
//
//   node test/sandbox/workflow-exports.js [--n8n <version|oldest|newest>] [--dist <folder>]
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const MODULE = 'n8n-workflow';
const quoted = `["'\`]${MODULE}["'\`]`;
const IDENTIFIER = '[A-Za-z_$][\\w$]*';

/** The names a destructuring pattern `{ a, b: c, d = 1, ...rest }` takes from the object (`a`, `b`, `d`). */
function destructured(pattern) {
	return pattern
		.split(',')
		.map((part) => part.trim())
		.filter((part) => part && !part.startsWith('...'))
		.map((part) => part.split(/[:=]/)[0].trim())
		.filter((name) => new RegExp(`^${IDENTIFIER}$`).test(name));
}

/** The names an import clause's braces `{ a, b as c, type D }` take from the module (`a`, `b`; not types). */
function imported(clause) {
	return clause
		.split(',')
		.map((part) => part.trim())
		.filter((part) => part && !part.startsWith('type '))
		.map((part) => part.split(/\s+as\s+/)[0].trim())
		.filter((name) => new RegExp(`^${IDENTIFIER}$`).test(name));
}

/**
 * Every member of n8n-workflow a JavaScript source uses, in the shapes tsc's CommonJS output and hand-written
 * code take: a module binding's members (`const n8n_workflow_1 = require("n8n-workflow")`, also through
 * `__importStar(...)`/`__importDefault(...)`, then `n8n_workflow_1.X` and `(0, n8n_workflow_1.X)(...)`),
 * `require("n8n-workflow").X`, `const { X, Y: y } = require("n8n-workflow")`, and ES imports
 * (`import { X as x } from`, `import * as W from` then `W.X`). Type-only imports are not members.
 */
function workflowMembers(source) {
	const members = new Set();
	const bindings = new Set();
	const requireCall = `(?:${IDENTIFIER}\\()?\\s*require\\(\\s*${quoted}\\s*\\)\\s*\\)?`;
	for (const match of source.matchAll(
		new RegExp(`(?:const|let|var)\\s+(${IDENTIFIER})\\s*=\\s*${requireCall}`, 'g'),
	))
		bindings.add(match[1]);
	for (const match of source.matchAll(
		new RegExp(`import\\s+\\*\\s+as\\s+(${IDENTIFIER})\\s+from\\s+${quoted}`, 'g'),
	))
		bindings.add(match[1]);
	for (const match of source.matchAll(
		new RegExp(`require\\(\\s*${quoted}\\s*\\)\\s*\\.\\s*(${IDENTIFIER})`, 'g'),
	))
		members.add(match[1]);
	for (const match of source.matchAll(
		new RegExp(`(?:const|let|var)\\s*\\{([^}]*)\\}\\s*=\\s*${requireCall}`, 'g'),
	))
		destructured(match[1]).forEach((name) => members.add(name));
	for (const match of source.matchAll(
		new RegExp(
			`import\\s+(?!type\\s)(?:${IDENTIFIER}\\s*,\\s*)?\\{([^}]*)\\}\\s*from\\s+${quoted}`,
			'g',
		),
	))
		imported(match[1]).forEach((name) => members.add(name));
	for (const binding of bindings) {
		const escaped = binding.replace(/\$/g, '\\$');
		for (const match of source.matchAll(
			new RegExp(`(?<![\\w$.])${escaped}\\s*\\.\\s*(${IDENTIFIER})`, 'g'),
		))
			members.add(match[1]);
		// A binding destructured later: `const { X } = n8n_workflow_1`.
		for (const match of source.matchAll(
			new RegExp(`(?:const|let|var)\\s*\\{([^}]*)\\}\\s*=\\s*${escaped}(?![\\w$])`, 'g'),
		))
			destructured(match[1]).forEach((name) => members.add(name));
	}
	// Runtime helpers tsc reads on a module object, not members of it.
	members.delete('__esModule');
	members.delete('default');
	return members;
}

function javascriptFiles(folder) {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return javascriptFiles(path);
		return entry.isFile() && entry.name.endsWith('.js') ? [path] : [];
	});
}

/** Each member of n8n-workflow the JavaScript under `folder` uses, with the files (relative) that use it. */
function membersUsedIn(folder) {
	const used = new Map();
	for (const file of javascriptFiles(folder)) {
		for (const member of workflowMembers(readFileSync(file, 'utf8'))) {
			if (!used.has(member)) used.set(member, []);
			used.get(member).push(relative(folder, file));
		}
	}
	return used;
}

/** The members used that `exported` (names) lacks, each with the files that use it, sorted by name. */
function missingMembers(used, exported) {
	const names = new Set(exported);
	return [...used.keys()]
		.filter((member) => !names.has(member))
		.sort()
		.map((member) => ({ member, files: used.get(member) }));
}

/** The version of n8n-workflow an installed n8n line runs, and the names it exports (loaded under its Node). */
function exportsOfLine(n8n) {
	// n8n's own copy when npm nested one under it, else the hoisted one.
	const folder = [
		join(n8n.dir, 'node_modules', 'n8n', 'node_modules', MODULE),
		join(n8n.dir, 'node_modules', MODULE),
	].find((candidate) => existsSync(join(candidate, 'package.json')));
	if (!folder) throw new Error(`n8n ${n8n.version} in ${n8n.dir} has no ${MODULE}`);
	const result = spawnSync(
		n8n.node,
		['-e', `process.stdout.write(JSON.stringify(Object.keys(require(${JSON.stringify(folder)}))))`],
		{ encoding: 'utf8' },
	);
	if (result.status !== 0)
		throw new Error(
			`could not load ${folder} under Node ${n8n.nodeVersion}: ${result.stderr.trim()}`,
		);
	const { version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
	return { version, names: JSON.parse(result.stdout) };
}

async function main(args) {
	const { ensureN8n } = require('./n8n-install.js');
	const { requestedVersion, ROOT } = require('./n8n.js');
	const { OLDEST } = require('./n8n-lines.js');
	const distIndex = args.indexOf('--dist');
	const dist = distIndex > -1 ? args[distIndex + 1] : join(ROOT, 'dist');
	const version = args.includes('--n8n') ? requestedVersion(args) : OLDEST;
	const n8n = await ensureN8n({ version, log: (line) => console.error(line) });
	const used = membersUsedIn(dist);
	if (used.size === 0) throw new Error(`no use of ${MODULE} found under ${dist}: build first?`);
	const { version: workflowVersion, names } = exportsOfLine(n8n);
	const missing = missingMembers(used, names);
	const what = `${MODULE} ${workflowVersion} (n8n ${n8n.version})`;
	if (missing.length) {
		console.error(`The built package uses members that ${what} does not export:`);
		for (const { member, files } of missing) console.error(`  ${member}: ${files.join(', ')}`);
		return 1;
	}
	console.log(
		`${what} exports all ${used.size} members the built package uses: ${[...used.keys()].sort().join(', ')}`,
	);
	return 0;
}

if (require.main === module) {
	main(process.argv.slice(2)).then(
		(code) => process.exit(code),
		(error) => {
			console.error(error.message);
			process.exit(1);
		},
	);
}

module.exports = { workflowMembers, membersUsedIn, missingMembers };
