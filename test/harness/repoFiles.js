// Plain JavaScript: reading files needs node:fs, which the lint's shipped-code rules keep out of .ts.
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const ROOT = join(__dirname, '..', '..');

/** A file of the repository, by its path from the repository's root. */
function readRepoFile(path) {
	return readFileSync(join(ROOT, path), 'utf8');
}

/** Whether a file or folder of the repository exists, by its path from the repository's root. */
function repoPathExists(path) {
	return existsSync(join(ROOT, path));
}

/** Whether a relative link written in `file` (both from the repository's root) reaches a file or folder. */
function linkReaches(file, target) {
	return existsSync(join(ROOT, dirname(file), target));
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
 * The spec's own endpoint table, from the repository's copy of the spec (test/spec/api/, beside the spec
 * text it came with). Nothing a check reads lies outside the repository: CI compares the copy with the spec's
 * home where that is checked out beside it (.ci/run).
 */
function specEndpointsTsv() {
	return readRepoFile(join('test', 'spec', 'api', 'endpoints.tsv'));
}

module.exports = { linkReaches, readRepoFile, repoFiles, repoPathExists, specEndpointsTsv };
