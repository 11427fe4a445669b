// Plain JavaScript: reading files needs node:fs, which the lint's shipped-code rules keep out of .ts.
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '..', '..');

/** A file of the repository, by its path from the repository's root. */
function readRepoFile(path) {
	return readFileSync(join(ROOT, path), 'utf8');
}

/** Every file under `folder` (from the repository's root) whose name ends with one of `endings`, sorted. */
function repoFiles(folder, endings) {
	const walk = (dir) =>
		readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
			const path = join(dir, entry.name);
			if (entry.isDirectory()) return walk(path);
			return endings.some((ending) => entry.name.endsWith(ending)) ? [relative(ROOT, path)] : [];
		});
	return walk(join(ROOT, folder)).sort();
}

/**
 * The spec's endpoint table, `endpoints.tsv`, kept beside the spec text in ../shared (next to the
 * checkout, as in CI); undefined when that folder is missing.
 */
function sharedEndpointsTsv() {
	const path = join(ROOT, '..', 'shared', 'endpoints.tsv');
	return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

module.exports = { readRepoFile, repoFiles, sharedEndpointsTsv };
