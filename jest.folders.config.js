const { readdirSync } = require('node:fs');
const { join } = require('node:path');
const base = require('./jest.config');
const { testFolders } = require('./test/bundles/runFolder');

// `npm test`: one jest file per test folder (test/bundles/runFolder.js says why). A folder of tests without
// its file in test/bundles would be left out silently: that stops the run instead.
const bundled = new Set(readdirSync(join(__dirname, 'test', 'bundles')));
const missing = testFolders().filter(
	(folder) => !bundled.has(`${folder.replace(/\//g, '.')}.test.js`),
);
if (missing.length)
	throw new Error(
		`test/bundles has no file for ${missing.join(', ')}: add <folder>.test.js with ` +
			"require('./runFolder').runFolder('<folder>');",
	);

/** @type {import('jest').Config} */
module.exports = {
	...base,
	testMatch: ['<rootDir>/test/bundles/*.test.js'],
	// Both cores: the folders are independent processes.
	maxWorkers: 2,
};
