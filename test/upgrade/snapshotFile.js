// Plain JavaScript: the lint's shipped-code rules (no node:fs, no process) apply to every .ts file.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const FILE = join(__dirname, 'descriptions.snapshot.json');

/** The committed snapshot of the nodes' descriptions (npm run snapshot:descriptions writes it). */
function readSnapshot() {
	return JSON.parse(readFileSync(FILE, 'utf8'));
}

/** Whether this run is `npm run snapshot:descriptions`: the snapshot is to be written, not checked. */
function writingSnapshot() {
	return process.env.TELCO_WRITE_DESCRIPTION_SNAPSHOT === '1';
}

/** The committed snapshot's text, as it is on disk. */
function readSnapshotText() {
	return readFileSync(FILE, 'utf8');
}

/** Nested by node, version and operation; one line a parameter, so that a diff reads one change a line. */
function snapshotText(snapshot) {
	return `${formatted(snapshot, 0)}\n`;
}

function writeSnapshot(snapshot) {
	writeFileSync(FILE, snapshotText(snapshot));
}

function formatted(value, depth) {
	if (depth === 4) return JSON.stringify(value);
	const indent = '\t'.repeat(depth + 1);
	const entries = Object.entries(value).map(
		([key, inner]) => `${indent}${JSON.stringify(key)}: ${formatted(inner, depth + 1)}`,
	);
	return entries.length ? `{\n${entries.join(',\n')}\n${'\t'.repeat(depth)}}` : '{}';
}

module.exports = { readSnapshot, readSnapshotText, snapshotText, writingSnapshot, writeSnapshot };
