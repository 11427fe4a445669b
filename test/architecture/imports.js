// Plain JavaScript: the lint's shipped-code rules (no node:fs, no __dirname) apply to every .ts file.
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { basename, dirname, join, relative, resolve } = require('node:path');

const root = join(__dirname, '..', '..');

function tsFiles(dir) {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return tsFiles(path);
		return name.endsWith('.ts') ? [path] : [];
	});
}

/** Every relative import of every TypeScript file under `folder` (from the checkout), type-only ones included. */
function importGraph(folder) {
	const graph = new Map();
	for (const file of tsFiles(join(root, folder))) {
		const targets = [];
		for (const match of readFileSync(file, 'utf8').matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g)) {
			const target = resolve(dirname(file), match[1]);
			targets.push(statSync(`${target}.ts`, { throwIfNoEntry: false }) ? `${target}.ts` : target);
		}
		graph.set(file, targets);
	}
	return graph;
}

/** The first import circle found among `folders`, as the files around it, or undefined. */
function findCircle(folders) {
	const graph = new Map(folders.flatMap((folder) => [...importGraph(folder)]));
	const state = new Map();
	const stack = [];
	const visit = (file) => {
		if (state.get(file) === 'done') return undefined;
		if (state.get(file) === 'open') return [...stack.slice(stack.indexOf(file)), file];
		state.set(file, 'open');
		stack.push(file);
		for (const target of graph.get(file) ?? []) {
			const circle = visit(target);
			if (circle) return circle;
		}
		stack.pop();
		state.set(file, 'done');
		return undefined;
	};
	for (const file of graph.keys()) {
		const circle = visit(file);
		if (circle) return circle.map((f) => relative(root, f));
	}
	return undefined;
}

/** Every import from one folder of `folder` into another, as `{from, to, file, target}` (folders relative to it). */
function crossFolderImports(folder) {
	const base = join(root, folder);
	const found = [];
	for (const [file, targets] of importGraph(folder)) {
		for (const target of targets) {
			const from = relative(base, dirname(file));
			const to = relative(base, dirname(target));
			if (from !== to) found.push({ from, to, file: basename(file), target: basename(target) });
		}
	}
	return found;
}

/** The folders directly under `folder` that hold TypeScript files directly under it too (loose files). */
function looseFiles(folder) {
	return readdirSync(join(root, folder)).filter((name) => name.endsWith('.ts'));
}

/** Every line of the TypeScript files under `folders` matching `pattern`, as `{file, line, text}` (file from the checkout). */
function sourceLinesMatching(folders, pattern) {
	return folders.flatMap((folder) =>
		tsFiles(join(root, folder)).flatMap((file) =>
			readFileSync(file, 'utf8')
				.split('\n')
				.map((text, at) => ({ file: relative(root, file), line: at + 1, text }))
				.filter(({ text }) => pattern.test(text)),
		),
	);
}

/** The text of a file of the checkout. */
function sourceOf(file) {
	return readFileSync(join(root, file), 'utf8');
}

module.exports = { findCircle, crossFolderImports, looseFiles, sourceLinesMatching, sourceOf };
