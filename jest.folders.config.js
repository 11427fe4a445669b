const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const base = require('./jest.config');
const { testFolders } = require('./test/bundles/runFolder');

// `npm test`: a jest file per test folder, small folders several to one (test/bundles/runFolder.js says why). A
// folder of tests no bundle names would be left out silently: that stops the run instead.
const BUNDLES = join(__dirname, 'test', 'bundles');
const named = new Set(
	readdirSync(BUNDLES)
		.filter((name) => name.endsWith('.test.js'))
		.flatMap((name) => {
			const call = /runFolder\(([^)]*)\)/.exec(readFileSync(join(BUNDLES, name), 'utf8'));
			return [...(call?.[1] ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]);
		}),
);
const missing = testFolders().filter((folder) => !named.has(folder));
if (missing.length)
	throw new Error(
		`no file in test/bundles names ${missing.join(', ')}: add <folder>.test.js with ` +
			"require('./runFolder').runFolder('<folder>'), or add it to a bundle's list",
	);

/** @type {import('jest').Config} */
module.exports = {
	...base,
	testMatch: ['<rootDir>/test/bundles/*.test.js'],
	testSequencer: '<rootDir>/test/bundles/sequencer.js',
	// Three workers on two cores: some bundles wait on real time (the sandbox's processes starting and stopping, a
	// request timeout), and a third worker fills those waits (a fresh clone's second run: 91 s with two, 86 s).
	maxWorkers: 3,
};
