// Plain JavaScript: the lint's shipped-code rules (no node:fs, no __dirname) apply to every .ts file.
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');

/** A file of the checkout by its path from the repository's root, as text; undefined when there is none. */
function repoFile(path) {
	const full = join(root, path);
	return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
}

/** The files of a folder of the checkout whose names end with `ending`, by their paths from the root. */
function repoFiles(folder, ending) {
	return readdirSync(join(root, folder))
		.filter((name) => name.endsWith(ending))
		.sort()
		.map((name) => `${folder}/${name}`);
}

module.exports = { repoFile, repoFiles };
